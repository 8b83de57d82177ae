import Foundation

extension ConfigJSONParser {
    /// A string in double quotes, with JSON's escapes; control characters must be escaped.
    mutating func string() throws(ConfigSyntaxError) -> String {
        let start = index
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                scalars.append(contentsOf: try decoded(run..<index))
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                scalars.append(contentsOf: try decoded(run..<index))
                scalars.append(try escape())
                run = index
            case 0x00..<0x20:
                throw error("a line break or control character inside a string; write it as \\n or \\u00XX")
            default:
                index += 1
            }
        }
        throw error("a string is never closed with a double quote", at: start)
    }

    private func decoded(_ range: Range<Int>) throws(ConfigSyntaxError) -> String.UnicodeScalarView {
        guard let text = String(validating: bytes[range], as: UTF8.self) else {
            throw error("the text is not valid UTF-8; save feeds.json as UTF-8", at: range.lowerBound)
        }
        return text.unicodeScalars
    }

    /// One escape after a backslash; `\uD83D\uDE00` pairs become one scalar.
    private mutating func escape() throws(ConfigSyntaxError) -> Unicode.Scalar {
        let start = index
        guard index + 1 < bytes.count else { throw error("the file ends inside an escape") }
        let letter = bytes[index + 1]
        index += 2
        let simple: [UInt8: Unicode.Scalar] = [
            UInt8(ascii: "\""): "\"", UInt8(ascii: "\\"): "\\", UInt8(ascii: "/"): "/", UInt8(ascii: "b"): "\u{08}",
            UInt8(ascii: "f"): "\u{0C}", UInt8(ascii: "n"): "\n", UInt8(ascii: "r"): "\r", UInt8(ascii: "t"): "\t",
        ]
        if let scalar = simple[letter] { return scalar }
        guard letter == UInt8(ascii: "u") else { throw error("unknown escape; use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX", at: start) }
        let unit = try hexUnit(at: start)
        if (0xD800..<0xDC00).contains(unit), bytes[index...].starts(with: "\\u".utf8) {
            index += 2
            let low = try hexUnit(at: start)
            if (0xDC00..<0xE000).contains(low), let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) {
                return scalar
            }
        }
        guard let scalar = Unicode.Scalar(unit) else { throw error("\\u escape of a lone surrogate; write the character itself", at: start) }
        return scalar
    }

    private mutating func hexUnit(at start: Int) throws(ConfigSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count, let unit = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw error("\\u must be followed by four hexadecimal digits", at: start)
        }
        index += 4
        return unit
    }

    /// A syntax error at `offset` (by default, where reading stopped).
    func error(_ message: String, at offset: Int? = nil) -> ConfigSyntaxError {
        let place = location(of: min(offset ?? index, bytes.count))
        return ConfigSyntaxError(message: message, line: place.line, column: place.column, lineText: place.text)
    }

    /// The 1-based line and column (in characters) of a byte offset, and that line's text.
    func location(of offset: Int) -> (line: Int, column: Int, text: String) {
        let lineStart = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let line = bytes[..<lineStart].count { $0 == 0x0A } + 1
        let lineEnd = bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
        return (line, column, String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self))
    }
}

/// Where and why feeds.json is not readable JSON.
struct ConfigSyntaxError: Error {
    let message: String
    let line: Int
    let column: Int
    /// The text of the offending line, quoted under the message with a caret.
    let lineText: String

    /// `feeds.json:3:15: message`, then the line and a caret under the column.
    func describe(file: String) -> String {
        let shown = TextCleanup.truncate(lineText.replacingOccurrences(of: "\t", with: " "), to: 200)
        let caret = String(repeating: " ", count: min(column - 1, 200)) + "^"
        return "\(file):\(line):\(column): \(message)\n    \(shown)\n    \(caret)"
    }
}
