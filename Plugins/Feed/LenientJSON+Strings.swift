import Foundation

/// Strings: escapes decoded, escaped lone surrogates and bytes that are not UTF-8 read
/// as U+FFFD.
extension LenientJSON {
    /// The document with every maximal ill-formed UTF-8 subpart (Unicode 16.0 §3.9,
    /// "U+FFFD Substitution of Maximal Subparts", as `String(decoding:)` reads them)
    /// replaced with U+FFFD; the document itself when it is all UTF-8.
    static func replacingInvalidUTF8(in data: Data) -> (Data, Repairs) {
        var repairs = Repairs()
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = data.makeIterator()
        var offset = 0
        var repaired = Data()
        var copiedUpTo = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error(let length):
                repairs.note(at: offset)
                repaired += data[(data.startIndex + copiedUpTo)..<(data.startIndex + offset)] + [0xEF, 0xBF, 0xBD]
                offset += length
                copiedUpTo = offset
            case .emptyInput:
                guard repairs.count > 0 else { return (data, repairs) }
                return (repaired + data[(data.startIndex + copiedUpTo)...], repairs)
            }
        }
    }

    /// The string whose opening quote is at `index`.
    mutating func string() throws -> String {
        index += 1
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") { index += 1 }
        guard index < bytes.count else { throw error("\" to end a string") }
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
        }
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: bytes[start..<index])
        while true {
            guard index < bytes.count else { throw error("\" to end a string") }
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") { return String(decoding: buffer, as: UTF8.self) }
            if byte == UInt8(ascii: "\\") { try escape() } else { buffer.append(byte) }
        }
    }

    /// The escape after the backslash just read, decoded into `buffer`.
    private mutating func escape() throws {
        guard index < bytes.count else { throw error("an escape") }
        let letter = bytes[index]
        index += 1
        let simple: UInt8? = switch letter {
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
            index -= 1
            throw error("an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u and four hex digits)")
        }
        try unicodeEscape(startingAt: index - 2)
    }

    /// `\uXXXX`, or a surrogate pair `\uD83D\uDE00`; a lone surrogate is U+FFFD.
    private mutating func unicodeEscape(startingAt escapeStart: Int) throws {
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
            repairs.note(at: escapeStart)
            return buffer.append(contentsOf: [0xEF, 0xBF, 0xBD])
        }
        UTF8.encode(scalar) { buffer.append($0) }
    }

    private mutating func hexDigits() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else {
                throw error("four hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
