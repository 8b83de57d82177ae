import Foundation

/// Tributary's one JSON reader, in two dialects: feeds.json as people write it, and
/// remote JSON (JSON Feed bodies) as servers really send it. `JSONDecoder` reports no
/// positions, lets the first of duplicate keys win, and refuses a whole document for
/// one bad byte; no listed package does better, hence this small recursive-descent reader.
public struct JSONReader {
    /// What the reader accepts beyond RFC 8259, and what it does with faults.
    public struct Dialect: Sendable {
        /// `//` and `/* */` comments, and trailing commas.
        var allowsCommentsAndTrailingCommas: Bool
        /// True: of duplicate keys the last wins (as jq, Python and JavaScript read them).
        /// False: a duplicate key is a syntax error naming both places.
        var lastDuplicateKeyWins: Bool
        /// True: bytes that are not UTF-8 and escaped lone surrogates read as U+FFFD,
        /// counted in `Repairs`, and raw control characters in strings are kept (text
        /// cleanup removes them later). False: each is a syntax error.
        var repairsText: Bool
        /// Deeper nesting is a syntax error, never a stack overflow.
        var maxDepth: Int

        /// feeds.json: comments and trailing commas allowed, every fault an error.
        public static let configuration = Dialect(
            allowsCommentsAndTrailingCommas: true, lastDuplicateKeyWins: false, repairsText: false, maxDepth: 256
        )
        /// Remote JSON: RFC 8259 syntax, read the way most parsers read it.
        public static let remote = Dialect(
            allowsCommentsAndTrailingCommas: false, lastDuplicateKeyWins: true, repairsText: true, maxDepth: 512
        )
    }

    /// What was replaced with U+FFFD: how many sequences, and the offset of the first.
    public struct Repairs: Sendable {
        public internal(set) var count = 0
        public internal(set) var firstOffset: Int?

        mutating func note(at offset: Int) {
            count += 1
            firstOffset = min(firstOffset ?? offset, offset)
        }
    }

    let bytes: [UInt8]
    let dialect: Dialect
    var index = 0
    var depth = 0
    var repairs: Repairs
    /// Reused for strings with escapes.
    var buffer: [UInt8] = []

    /// The value `data` holds (a UTF-8 byte-order mark is skipped), and what was repaired in it.
    public static func parse(_ data: Data, as dialect: Dialect) throws(JSONSyntaxError) -> (JSONValue, Repairs) {
        var reader = try JSONReader(text: data, dialect: dialect)
        let value = try reader.value()
        try reader.skipSpace()
        guard reader.index == reader.bytes.count else {
            throw reader.error("unexpected text after the end of the JSON value")
        }
        return (value, reader.repairs)
    }

    private init(text data: Data, dialect: Dialect) throws(JSONSyntaxError) {
        let start = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.startIndex + 3 : data.startIndex
        var repairs = Repairs()
        bytes = try Self.validUTF8(Array(data[start...]), repairing: dialect.repairsText, into: &repairs)
        self.dialect = dialect
        self.repairs = repairs
    }

    func error(_ problem: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? index, problem: problem)
    }

    mutating func value() throws(JSONSyntaxError) -> JSONValue {
        try skipSpace()
        guard index < bytes.count else { throw error("the text ends where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try nested { (reader) throws(JSONSyntaxError) in try reader.object() }
        case UInt8(ascii: "["): return try nested { (reader) throws(JSONSyntaxError) in try reader.array() }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default:
            throw error(
                "expected a value (a string in double quotes, a number, true, false, null, an object or a list)")
        }
    }

    /// Reads an object or array (its opening bracket at `index`) one level deeper.
    private mutating func nested(
        _ read: (inout JSONReader) throws(JSONSyntaxError) -> JSONValue
    ) throws(JSONSyntaxError) -> JSONValue {
        guard depth < dialect.maxDepth else { throw error("nested more than \(dialect.maxDepth) levels deep") }
        depth += 1
        index += 1
        defer { depth -= 1 }
        return try read(&self)
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        var members: [String: JSONValue] = [:]
        var keyOffsets: [String: Int] = [:]
        while try !closes(UInt8(ascii: "}")) {
            guard bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key in double quotes or \"}\"") }
            let keyStart = index
            let key = try string()
            if !dialect.lastDuplicateKeyWins, let first = keyOffsets.updateValue(keyStart, forKey: key) {
                throw JSONSyntaxError(offset: keyStart, problem: "duplicate key \"\(key)\"", firstOffset: first)
            }
            try skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected \":\" after the key \"\(key)\"")
            }
            index += 1
            members[key] = try value()
            try separator(closing: UInt8(ascii: "}"))
        }
        return .object(members)
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        var elements: [JSONValue] = []
        while try !closes(UInt8(ascii: "]")) {
            elements.append(try value())
            try separator(closing: UInt8(ascii: "]"))
        }
        return .array(elements)
    }

    /// Consumes `closing` (true) or stands on the next member (false). Right after a
    /// comma, closing is a trailing comma: allowed in the configuration dialect only.
    private mutating func closes(_ closing: UInt8) throws(JSONSyntaxError) -> Bool {
        let afterComma = bytes[index - 1] == UInt8(ascii: ",")
        try skipSpace()
        let name = Character(Unicode.Scalar(closing))
        guard index < bytes.count else { throw error("the text ends before the closing \"\(name)\"") }
        guard bytes[index] == closing else { return false }
        if afterComma && !dialect.allowsCommentsAndTrailingCommas { throw error("expected a value after \",\"") }
        index += 1
        return true
    }

    /// After a member: a comma, or the closing bracket (left for `closes`).
    private mutating func separator(closing: UInt8) throws(JSONSyntaxError) {
        try skipSpace()
        let name = Character(Unicode.Scalar(closing))
        guard index < bytes.count else { throw error("the text ends before the closing \"\(name)\"") }
        if bytes[index] == UInt8(ascii: ",") {
            index += 1
        } else if bytes[index] != closing {
            throw error("expected \",\" or \"\(name)\" after the value (is a comma missing?)")
        }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        guard bytes[index...].starts(with: word.utf8) else { throw error("expected a value; did you mean \(word)?") }
        index += word.utf8.count
        return value
    }

    /// RFC 8259's number grammar: `-? int frac? exp?`.
    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        try digits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            try digits()
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            try digits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(text), number.isFinite else { throw error("\"\(text)\" is not a number", at: start) }
        return number
    }

    private mutating func digits() throws(JSONSyntaxError) {
        let first = index
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
        guard index > first else { throw error("expected a digit") }
    }

    mutating func skipSpace() throws(JSONSyntaxError) {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            case UInt8(ascii: "/") where dialect.allowsCommentsAndTrailingCommas: try skipComment()
            default: return
            }
        }
    }

    private mutating func skipComment() throws(JSONSyntaxError) {
        let start = index
        if bytes[index...].starts(with: "//".utf8) {
            while index < bytes.count && bytes[index] != 0x0A { index += 1 }
        } else if bytes[index...].starts(with: "/*".utf8) {
            guard let end = bytes[(index + 2)...].firstRange(of: "*/".utf8) else {
                throw error("a comment is never closed with \"*/\"", at: start)
            }
            index = end.upperBound
        } else {
            throw error("expected a value; a comment starts with // or /*")
        }
    }
}
