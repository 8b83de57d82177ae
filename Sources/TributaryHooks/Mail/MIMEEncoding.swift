import Foundation

/// The encodings of MIME a message needs, written here because Foundation has none of them
/// and no package Tributary links offers them (swift-nio has no mail codecs): quoted-printable
/// bodies (RFC 2045 §6.7), base64 in lines (RFC 2045 §6.8) and encoded-words for a
/// header's non-ASCII text (RFC 2047). Lines end with CRLF and are at most 76 characters.
enum MIMEEncoding {
    static let lineLength = 76

    /// `text` as quoted-printable UTF-8: its line breaks (LF or CRLF) kept as CRLF, other
    /// bytes outside printable ASCII, `=`, and a space or tab before a line break written
    /// `=XX`, lines past 76 characters broken with a soft break (`=` at the end).
    static func quotedPrintable(_ text: String) -> String {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
        return lines.map { quotedPrintableLine(Array($0.utf8)) }.joined(separator: "\r\n")
    }

    private static func quotedPrintableLine(_ bytes: [UInt8]) -> String {
        var output = ""
        var current = ""
        for (index, byte) in bytes.enumerated() {
            let isLast = index == bytes.count - 1
            let isBlank = byte == 0x20 || byte == 0x09
            let plain = (byte >= 0x21 && byte <= 0x7E && byte != UInt8(ascii: "=")) || (isBlank && !isLast)
            let piece = plain ? String(UnicodeScalar(byte)) : String(format: "=%02X", byte)
            // A soft break takes one column: a line holds 75 characters of text and `=`.
            if current.count + piece.count > lineLength - 1 {
                output += current + "=\r\n"
                current = ""
            }
            current += piece
        }
        return output + current
    }

    /// `bytes` as base64 in lines of 76 characters, CRLF between them.
    static func base64Lines(_ bytes: [UInt8]) -> String {
        let encoded = Data(bytes).base64EncodedString()
        var lines: [Substring] = []
        var start = encoded.startIndex
        while start < encoded.endIndex {
            let end = encoded.index(start, offsetBy: lineLength, limitedBy: encoded.endIndex) ?? encoded.endIndex
            lines.append(encoded[start..<end])
            start = end
        }
        return lines.joined(separator: "\r\n")
    }

    /// A header's text as it goes on the wire: printable ASCII as it is; anything else as
    /// RFC 2047 encoded-words (`=?UTF-8?B?…?=`), each at most 75 characters and cut between
    /// characters (never inside one's UTF-8 bytes), folded onto lines of their own (CRLF and a space between them).
    static func headerText(_ text: String) -> String {
        let isPlain = text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F } && !text.contains("=?")
        if isPlain { return text }
        // `=?UTF-8?B?` and `?=` take 12 of the 75 characters: 63 of base64, 45 bytes of text (15 groups of 3).
        let maxBytes = 45
        var words: [String] = []
        var chunk: [UInt8] = []
        for scalar in text.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            if !chunk.isEmpty && chunk.count + bytes.count > maxBytes {
                words.append(encodedWord(chunk))
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append(encodedWord(chunk)) }
        return words.joined(separator: "\r\n ")
    }

    private static func encodedWord(_ bytes: [UInt8]) -> String {
        "=?UTF-8?B?\(Data(bytes).base64EncodedString())?="
    }
}
