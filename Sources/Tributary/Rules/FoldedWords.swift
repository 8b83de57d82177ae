import Foundation
import TributaryBytes

/// Text as `contains` and `is` compare it: case and accents folded away ("Café" is
/// "cafe"), every run of characters that are not letters or digits one space, no space
/// at either end. A phrase occurs in a text when its words appear there in a row, whole.
struct FoldedWords: Sendable, Equatable {
    /// The folded words between two spaces (" cafe culture "), as UTF-8, so a whole-word
    /// search is a byte search and `is` compares bytes.
    let padded: [UInt8]
    /// Each word's FNV-1a hash, in order: a phrase can only start at a word with its first
    /// word's hash, so most texts are ruled out without searching their bytes.
    private let wordHashes: [UInt64]
    /// The first word's hash; nil when there are no words.
    private let firstWordHash: UInt64?

    init(_ text: String) {
        // The UTF-8 read in place, a character outside ASCII decoded only where one starts:
        // iterating the text's Unicode scalars made folding the slowest part of the rules.
        let utf8 = text.utf8Span.span
        var builder = Builder(capacity: utf8.count)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            guard byte >= 0x80 else {
                builder.read(ascii: byte)
                index += 1
                continue
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            var value = UInt32(byte & (0x7F >> length))
            for offset in 1..<length { value = value << 6 | UInt32(utf8[index + offset] & 0x3F) }
            builder.read(Unicode.Scalar(value) ?? "\u{FFFD}")
            index += length
        }
        builder.endWord()
        padded = builder.bytes
        wordHashes = builder.hashes
        firstWordHash = builder.hashes.first
    }

    /// The folded words, one space between each.
    var words: String { String(decoding: padded.dropFirst().dropLast(), as: UTF8.self) }

    /// Whether any of the phrases at `positions` in `phrases` occurs in this text, its words
    /// in a row, each whole. The phrases are read in place, not copied out one by one: a
    /// copy retains its arrays, for every phrase and every item tried.
    func containsAny(of phrases: [FoldedWords], in positions: Range<Int>) -> Bool {
        positions.contains { index in
            guard let first = phrases[index].firstWordHash, wordHashes.contains(first) else { return false }
            return ByteSearch.contains(phrases[index].padded, in: padded)
        }
    }

    /// Whether an ASCII byte is a letter or digit, without asking Unicode's tables.
    private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Whether a character outside ASCII belongs to a word: a letter, a number, a mark that
    /// accents the letter before it, or a format character such as the zero-width non-joiner
    /// inside Persian words (which folding removes). Symbols, punctuation and emoji end words.
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isAlphabetic || properties.numericType != nil { return true }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    /// The folded text as it is read, a character at a time. A word of ASCII is lowercased
    /// byte by byte; a word with other letters is folded by Foundation when it ends, which also
    /// equates composed and decomposed accents. Words end at characters that are not letters,
    /// numbers or marks, so an accent stays with its letter, and Foundation sees only the few
    /// words that need it (folding whole texts with it, and asking it about every word with an
    /// emoji or a curly quote, was a third of a rules digest's samples).
    private struct Builder {
        private(set) var bytes: [UInt8] = [UInt8(ascii: " ")]
        private(set) var hashes: [UInt64] = []
        /// Where the word being read starts in `bytes`, if one is.
        private var wordStart: Int?
        private var hash = FNV1a.offsetBasis
        /// Whether the word being read has a character outside ASCII.
        private var needsFoundation = false

        init(capacity: Int) {
            bytes.reserveCapacity(capacity + 2)
            hashes.reserveCapacity(capacity / 4 + 1)
        }

        mutating func read(ascii byte: UInt8) {
            guard FoldedWords.isASCIIWordByte(byte) else { return endWord() }
            append(byte.asciiLowercased)
        }

        /// Reads a character outside ASCII.
        mutating func read(_ scalar: Unicode.Scalar) {
            guard FoldedWords.isWordScalar(scalar) else { return endWord() }
            needsFoundation = true
            append(scalar)
        }

        /// Ends the word being read, folding it first when it has characters outside ASCII.
        mutating func endWord() {
            guard let start = wordStart else { return }
            guard needsFoundation else {
                hashes.append(hash)
                bytes.append(UInt8(ascii: " "))
                wordStart = nil
                return
            }
            // Its ASCII letters are lowercased already, which folding case would do anyway.
            let word = String(decoding: bytes[start...], as: UTF8.self)
            bytes.removeSubrange(start...)
            wordStart = nil
            needsFoundation = false
            let folded = word.folding(
                options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            for scalar in folded.unicodeScalars {
                let isWord =
                    scalar.isASCII
                    ? FoldedWords.isASCIIWordByte(UInt8(scalar.value))
                    : scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                guard isWord else {
                    endWord()
                    continue
                }
                append(scalar)
            }
            endWord()
        }

        private mutating func append(_ scalar: Unicode.Scalar) {
            UTF8.encode(scalar) { append($0) }
        }

        private mutating func append(_ byte: UInt8) {
            if wordStart == nil {
                wordStart = bytes.count
                hash = FNV1a.offsetBasis
            }
            bytes.append(byte)
            hash = FNV1a.hash(bytes: CollectionOfOne(byte), continuing: hash)
        }
    }
}
