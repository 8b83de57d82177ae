import Foundation
import TributaryBytes

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
        !phrase.words.isEmpty && ByteSearch.contains(phrase.padded, in: padded)
    }

    /// Folded a word at a time: a word of ASCII byte by byte, a word with other characters
    /// by Foundation, which also equates composed and decomposed accents. Words end at ASCII
    /// characters that are not letters or digits, so an accent stays with its letter, and
    /// Foundation sees only the few words that need it (folding whole texts with it, and asking
    /// Unicode's tables about ASCII letters, was a third of a rules digest's samples).
    private static func fold(_ text: String) -> String {
        var folded = Folded(capacity: text.utf8.count)
        let bytes = Array(text.utf8)
        var start = 0
        var ascii = true
        for index in bytes.indices where bytes[index] >= 0x80 || !isASCIIWordByte(bytes[index]) {
            if bytes[index] >= 0x80 {
                ascii = false
                continue
            }
            folded.appendWord(bytes[start..<index], ascii: ascii)
            folded.pendingSpace = true
            start = index + 1
            ascii = true
        }
        folded.appendWord(bytes[start...], ascii: ascii)
        return String(decoding: folded.bytes, as: UTF8.self)
    }

    /// Whether an ASCII byte is a letter or digit, without asking Unicode's tables.
    private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// The folded text as it is made: words of letters and digits, one space between each.
    private struct Folded {
        var bytes: [UInt8] = []
        /// Whether a space comes before the next letter or digit (none at the start).
        var pendingSpace = false

        init(capacity: Int) { bytes.reserveCapacity(capacity) }

        mutating func appendWord(_ word: ArraySlice<UInt8>, ascii: Bool) {
            guard !word.isEmpty else { return }
            guard !ascii else {
                startWord()
                bytes += word.lazy.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
                return
            }
            let folded = String(decoding: word, as: UTF8.self).folding(
                options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            for scalar in folded.unicodeScalars {
                let isWord =
                    scalar.isASCII
                    ? FoldedWords.isASCIIWordByte(UInt8(scalar.value))
                    : scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                guard isWord else {
                    pendingSpace = true
                    continue
                }
                startWord()
                bytes += String(scalar).utf8
            }
        }

        private mutating func startWord() {
            if pendingSpace, !bytes.isEmpty { bytes.append(UInt8(ascii: " ")) }
            pendingSpace = false
        }
    }
}
