import Foundation

/// Reads feeds.json: JSON as RFC 8259 writes it, plus `//` and `/* */` comments and
/// trailing commas, which people write in configuration files. A syntax error names its
/// line and column, and a key written twice in one object is an error naming both lines
/// (JSON parsers disagree on which one wins, so neither is guessed).
///
/// Foundation's `JSONDecoder` reports neither positions nor duplicate keys, and no listed
/// package does both; hence this small recursive-descent reader.
struct ConfigJSONParser {
    /// Deeper nesting than this is refused (feeds.json needs four levels).
    static let maxDepth = 256

    let bytes: [UInt8]
    var index = 0
    private var depth = 0

    /// Parses `data` (UTF-8, with or without a byte order mark) into one value.
    static func parse(_ data: Data) throws(ConfigSyntaxError) -> JSONValue {
        var parser = ConfigJSONParser(bytes: Array(data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data))
        let value = try parser.value()
        try parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the end of the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func value() throws(ConfigSyntaxError) -> JSONValue {
        try skipSpace()
        guard index < bytes.count else { throw error("the file ends where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try nested { (parser) throws(ConfigSyntaxError) in try parser.object() }
        case UInt8(ascii: "["): return try nested { (parser) throws(ConfigSyntaxError) in try parser.array() }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("expected a value (a string in double quotes, a number, true, false, null, an object or a list)")
        }
    }

    private mutating func nested(_ read: (inout ConfigJSONParser) throws(ConfigSyntaxError) -> JSONValue) throws(ConfigSyntaxError) -> JSONValue {
        depth += 1
        guard depth <= Self.maxDepth else { throw error("nested more than \(Self.maxDepth) levels deep") }
        defer { depth -= 1 }
        return try read(&self)
    }

    private mutating func object() throws(ConfigSyntaxError) -> JSONValue {
        index += 1
        var members: [String: JSONValue] = [:]
        var keyOffsets: [String: Int] = [:]
        while try !closes(UInt8(ascii: "}")) {
            guard bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key in double quotes or \"}\"") }
            let keyStart = index
            let key = try string()
            if let first = keyOffsets[key] {
                let line = location(of: first).line
                throw error("duplicate key \"\(key)\" (first at line \(line)); remove one of them", at: keyStart)
            }
            keyOffsets[key] = keyStart
            try skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected \":\" after the key \"\(key)\"") }
            index += 1
            members[key] = try value()
            try separator(closing: "}")
        }
        return .object(members)
    }

    private mutating func array() throws(ConfigSyntaxError) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        while try !closes(UInt8(ascii: "]")) {
            elements.append(try value())
            try separator(closing: "]")
        }
        return .array(elements)
    }

    /// Consumes `closing` (true) or stands on the next member (false).
    private mutating func closes(_ closing: UInt8) throws(ConfigSyntaxError) -> Bool {
        try skipSpace()
        guard index < bytes.count else { throw error("the file ends before the closing \"\(Character(Unicode.Scalar(closing)))\"") }
        guard bytes[index] == closing else { return false }
        index += 1
        return true
    }

    /// After a member: a comma (a trailing one is allowed) or the closing bracket, left for `closes`.
    private mutating func separator(closing: Character) throws(ConfigSyntaxError) {
        try skipSpace()
        guard index < bytes.count else { throw error("the file ends before the closing \"\(closing)\"") }
        if bytes[index] == UInt8(ascii: ",") {
            index += 1
        } else if bytes[index] != closing.asciiValue {
            throw error("expected \",\" or \"\(closing)\" after the value (is a comma missing?)")
        }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws(ConfigSyntaxError) -> JSONValue {
        guard bytes[index...].starts(with: word.utf8) else { throw error("expected a value; did you mean \(word)?") }
        index += word.utf8.count
        return value
    }

    private mutating func number() throws(ConfigSyntaxError) -> JSONValue {
        let start = index
        let allowed = Set("+-.eE0123456789".utf8)
        while index < bytes.count, allowed.contains(bytes[index]) { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(text), number.isFinite else { throw error("\"\(text)\" is not a number", at: start) }
        return .number(number)
    }

    private mutating func skipSpace() throws(ConfigSyntaxError) {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < bytes.count && bytes[index] != 0x0A { index += 1 }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                let start = index
                guard let end = bytes[(index + 2)...].firstRange(of: "*/".utf8) else { throw error("a comment is never closed with \"*/\"", at: start) }
                index = end.upperBound
            default: return
            }
        }
    }
}
