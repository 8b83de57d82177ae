/// Strings: escapes decoded; what is not text repaired or refused, as the dialect says.
extension JSONReader {
    /// The bytes as valid UTF-8: each maximal ill-formed subpart replaced with U+FFFD (as
    /// `String(decoding:)` reads it) when repairing, else an error at the first bad byte.
    static func validUTF8(_ bytes: [UInt8], repairing: Bool, into repairs: inout Repairs) throws(JSONSyntaxError)
        -> [UInt8]
    {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var repaired: [UInt8] = []
        var copiedUpTo = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error(let length):
                guard repairing else {
                    throw JSONSyntaxError(offset: offset, problem: "the text is not valid UTF-8 here; save it as UTF-8")
                }
                repairs.note(at: offset)
                repaired += bytes[copiedUpTo..<offset] + [0xEF, 0xBF, 0xBD]
                offset += length
                copiedUpTo = offset
            case .emptyInput:
                return repairs.count == 0 ? bytes : repaired + bytes[copiedUpTo...]
            }
        }
    }

    /// The string whose opening quote is at `index`.
    mutating func string() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1
        buffer.removeAll(keepingCapacity: true)
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"): try escape()
            case 0x00..<0x20 where !dialect.repairsText:
                throw error(
                    "a line break or control character inside a string; write it as \\n or \\u00XX", at: index - 1)
            default: buffer.append(byte)
            }
        }
        throw error("a string is never closed with a double quote", at: start)
    }

    /// The escape after the backslash just read, decoded into `buffer`.
    private mutating func escape() throws(JSONSyntaxError) {
        guard index < bytes.count else { throw error("the text ends inside an escape") }
        let letter = bytes[index]
        index += 1
        let simple: UInt8? =
            switch letter {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): letter
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple { return buffer.append(simple) }
        guard letter == UInt8(ascii: "u") else {
            throw error("unknown escape; use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX", at: index - 2)
        }
        try unicodeEscape(startingAt: index - 2)
    }

    /// `\uXXXX`, or a surrogate pair `\uD83D\uDE00`; a lone surrogate is U+FFFD or an error.
    private mutating func unicodeEscape(startingAt escapeStart: Int) throws(JSONSyntaxError) {
        let unit = try hexDigits()
        var value = unit
        if (0xD800...0xDBFF).contains(unit), bytes[index...].starts(with: [0x5C, 0x75]) {  // \u
            let after = index
            index += 2
            let low = try hexDigits()
            if (0xDC00...0xDFFF).contains(low) {
                value = 0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00)
            } else {
                index = after  // not a pair: the next escape is read on its own
            }
        }
        guard let scalar = Unicode.Scalar(value) else {
            guard dialect.repairsText else {
                throw error("\\u escape of a lone surrogate; write the character itself", at: escapeStart)
            }
            repairs.note(at: escapeStart)
            return buffer.append(contentsOf: [0xEF, 0xBF, 0xBD])
        }
        UTF8.encode(scalar) { buffer.append($0) }
    }

    private mutating func hexDigits() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else {
                throw error("\\u must be followed by four hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}

/// Where and why a text is not the JSON its dialect reads.
public struct JSONSyntaxError: Error, Sendable {
    /// The byte offset of the fault (after a UTF-8 byte-order mark).
    public let offset: Int
    /// What is wrong there: "expected a value …".
    public let problem: String
    /// For a duplicate key, where the key first stood.
    public var firstOffset: Int?

    /// `at byte 12, problem`, for remote documents.
    public var description: String { "at byte \(offset), \(problem)" }
}
