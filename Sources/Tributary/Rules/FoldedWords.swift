import Foundation

/// Text as `contains` and `is` compare it: case and accents folded away ("Café" is
/// "cafe"), every run of characters that are not letters or digits one space, no space
/// at either end. A phrase occurs in a text when its words appear there in a row, whole.
struct FoldedWords: Sendable, Equatable {
    /// The folded words, one space between each.
    let words: String
    /// `words` between two spaces, as UTF-8, so a whole-word search is a byte search.
    private let padded: [UInt8]

    init(_ text: String) {
        words = Self.fold(text)
        padded = Array((" " + words + " ").utf8)
    }

    /// Whether `phrase`'s words occur in this text in a row, each whole.
    func contains(_ phrase: FoldedWords) -> Bool {
        guard !phrase.words.isEmpty else { return false }
        let pattern = phrase.padded
        guard pattern.count <= padded.count, let first = pattern.first else { return false }
        var start = 0
        while let found = padded[start...].firstIndex(of: first), found + pattern.count <= padded.count {
            if padded[found..<found + pattern.count].elementsEqual(pattern) { return true }
            start = found + 1
        }
        return false
    }

    /// ASCII text is folded byte by byte; other text by Foundation, which also equates
    /// composed and decomposed accents.
    private static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return foldASCII(text) }
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in folded.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                if pendingSpace, !result.isEmpty { result.append(" ") }
                pendingSpace = false
                result.append(scalar)
            } else {
                pendingSpace = true
            }
        }
        return String(result)
    }

    private static func foldASCII(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                if pendingSpace, !bytes.isEmpty { bytes.append(UInt8(ascii: " ")) }
                pendingSpace = false
                bytes.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if pendingSpace, !bytes.isEmpty { bytes.append(UInt8(ascii: " ")) }
                pendingSpace = false
                bytes.append(byte | 0x20)
            default:
                pendingSpace = true
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
