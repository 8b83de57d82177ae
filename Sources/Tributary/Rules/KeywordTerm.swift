import Foundation
import TributaryBytes

/// One lowercased keyword, as the top level's and each entry's `include` and `exclude`
/// (and `--grep`) match it.
///
/// An ASCII keyword is looked for in the text's bytes with only their ASCII letters
/// lowercased, far faster than lowercasing the text as Unicode and searching it with
/// Foundation (`docs/design/performance.md`). Any other keyword goes through Foundation,
/// which also equates composed and decomposed accents ("é" and "e" + U+0301).
struct KeywordTerm: Sendable {
    let text: String
    /// The keyword's bytes when they are all ASCII.
    private let asciiBytes: [UInt8]?

    var isASCII: Bool { asciiBytes != nil }

    init(_ keyword: String) {
        text = keyword.lowercased()
        let bytes = Array(text.utf8)
        asciiBytes = bytes.allSatisfy { $0 < 0x80 } ? bytes : nil
    }

    /// What keywords are matched against: an item's title, summary and tags, one a line,
    /// lowercased as each kind of keyword needs it.
    struct Text {
        let original: String
        /// The UTF-8 bytes with A–Z lowercased.
        let asciiLowercased: [UInt8]
        /// The text lowercased as Unicode; only made when a keyword is not ASCII.
        let unicodeLowercased: String?

        init(_ item: FeedItem, unicodeCase: Bool) {
            // No line for a missing author, so an entry's `"match": "regex"` anchors see what they saw before authors.
            original = ([item.title, item.summary ?? ""] + (item.author.map { [$0] } ?? []) + item.tags).joined(
                separator: "\n")
            asciiLowercased = original.utf8.map(\.asciiLowercased)
            unicodeLowercased = unicodeCase ? original.lowercased() : nil
        }
    }

    /// Whether the keyword occurs in `text`.
    func occurs(in text: Text) -> Bool {
        guard let asciiBytes else { return text.unicodeLowercased?.contains(self.text) ?? false }
        return ByteSearch.contains(asciiBytes, in: text.asciiLowercased)
    }
}
