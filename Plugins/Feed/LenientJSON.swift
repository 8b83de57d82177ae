import Foundation
import Tributary

/// Reads remote JSON (JSON Feed bodies) as RFC 8259 says, but the way most parsers treat
/// what servers really send, where `JSONDecoder` refuses the whole document or reads it
/// otherwise:
/// - of duplicate keys, the last wins (as jq, Python and JavaScript read them);
/// - bytes that are not UTF-8 and escaped lone surrogates (`"\ud83d"`) read as U+FFFD,
///   counted, with the offset of the first (`repairs`);
/// - raw control characters inside strings are kept (the text cleanup removes them);
/// - a UTF-8 byte-order mark is skipped.
/// Anything else that is not JSON is a `SyntaxError` naming the byte offset and what was
/// expected there; nesting deeper than `maxDepth` is one too, never a stack overflow.
struct LenientJSON {
    static let maxDepth = 512

    struct SyntaxError: Error {
        let offset: Int
        /// What is wrong there: "expected a value".
        let problem: String

        var description: String { "at byte \(offset), \(problem)" }
    }

    /// What was replaced with U+FFFD: how many sequences, and the offset of the first.
    struct Repairs {
        var count = 0
        var firstOffset: Int?

        mutating func note(at offset: Int) {
            count += 1
            firstOffset = min(firstOffset ?? offset, offset)
        }
    }

    let bytes: UnsafeRawBufferPointer
    var index = 0
    var depth = 0
    var repairs = Repairs()
    /// Reused for strings with escapes.
    var buffer: [UInt8] = []

    /// The value `data` holds, and what was repaired in it.
    static func parse(_ data: Data) throws -> (JSONValue, Repairs) {
        let (utf8, repairs) = Self.replacingInvalidUTF8(in: data)
        return try utf8.withUnsafeBytes { bytes in
            var reader = LenientJSON(bytes: bytes, repairs: repairs)
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
            let value = try reader.value()
            reader.skipWhitespace()
            guard reader.index == bytes.count else { throw reader.error("the end of the document") }
            return (value, reader.repairs)
        }
    }

    private init(bytes: UnsafeRawBufferPointer, repairs: Repairs) {
        self.bytes = bytes
        self.repairs = repairs
    }

    func error(_ expected: String) -> SyntaxError { SyntaxError(offset: index, problem: "expected \(expected)") }

    mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func value() throws -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw error("a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return .object(try nested { try $0.objectMembers() })
        case UInt8(ascii: "["): return .array(try nested { try $0.arrayElements() })
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("a value")
        }
    }

    /// Reads an object or array (its opening bracket at `index`) one level deeper.
    private mutating func nested<Result>(_ read: (inout LenientJSON) throws -> Result) throws -> Result {
        guard depth < Self.maxDepth else {
            throw SyntaxError(offset: index, problem: "it nests arrays and objects more than \(Self.maxDepth) deep")
        }
        depth += 1
        index += 1
        defer { depth -= 1 }
        return try read(&self)
    }

    private mutating func objectMembers() throws -> [String: JSONValue] {
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return members
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("a string key in an object")
            }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error(": after a key") }
            index += 1
            members[key] = try value()  // the last of duplicate keys wins
            guard try separator(closing: "}") else { return members }
        }
    }

    private mutating func arrayElements() throws -> [JSONValue] {
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return elements
        }
        while true {
            elements.append(try value())
            guard try separator(closing: "]") else { return elements }
        }
    }

    /// After a member or element: true at a comma (more follow), false at the closing bracket.
    private mutating func separator(closing: Unicode.Scalar) throws -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw error(closing == "}" ? ", or } in an object" : ", or ] in an array") }
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: ",") { return true }
        if byte == UInt8(ascii: closing) { return false }
        index -= 1
        throw error(closing == "}" ? ", or } in an object" : ", or ] in an array")
    }

    private mutating func literal(_ word: StaticString, _ result: JSONValue) throws -> JSONValue {
        let expected = UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes[index...].starts(with: expected) else { throw error("a value") }
        index += expected.count
        return result
    }

    private mutating func number() throws -> Double {
        let start = index
        func digits() -> Bool {
            let first = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            return index > first
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digits() else { throw error("a digit") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() else { throw error("a digit") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, [UInt8(ascii: "+"), UInt8(ascii: "-")].contains(bytes[index]) { index += 1 }
            guard digits() else { throw error("a digit") }
        }
        return Double(String(decoding: bytes[start..<index], as: UTF8.self)) ?? .nan
    }
}
