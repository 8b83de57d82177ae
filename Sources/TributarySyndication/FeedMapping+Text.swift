import Foundation
import Tributary
import TributaryBytes

/// How the mapping reads a field's text: by its type, the RSS guid as a link, the names
/// in RSS authors.
extension FeedMapping {
    /// A title as one line of text, read as its type says.
    static func line(_ bytes: UnsafeBufferPointer<UInt8>, _ type: FeedTextType) -> String {
        switch type {
        case .markup: unsafe TextCleanup.decodingCleaner.line(bytes)
        case .text, .xhtml: unsafe TextCleanup.lineCleaner.line(bytes)
        case .html, .base64: unsafe plainText(bytes, type)
        }
    }

    /// Text or markup as plain text, read as its type says.
    static func plainText(_ bytes: UnsafeBufferPointer<UInt8>, _ type: FeedTextType) -> String {
        switch type {
        case .markup, .html: return unsafe TextCleanup.htmlCleaner.line(bytes)
        case .text, .xhtml: return unsafe TextCleanup.lineCleaner.line(bytes)
        case .base64:
            let decoded = unsafe Data(
                base64Encoded: Data(ByteTrim.trimmingASCIIWhitespace(bytes)), options: .ignoreUnknownCharacters)
            return decoded.map { TextCleanup.plainText(fromHTML: String(decoding: $0, as: UTF8.self)) } ?? ""
        }
    }

    /// The guid as the link, where RSS 2.0 makes it one (`isPermaLink`, true by default),
    /// for an item without a `link`; without the attribute, only a guid that is a URL.
    static func guidLink(_ entry: RawEntry, _ text: EntryText) -> RawURL? {
        guard let id = entry.id, entry.guidLink != .never else { return nil }
        if entry.guidLink == .ifURL {
            let bytes = unsafe ByteTrim.trimmingASCIIWhitespace(text.bytes(id))
            guard unsafe bytes.starts(with: "http://".utf8) || bytes.starts(with: "https://".utf8) else { return nil }
        }
        return RawURL(text: id, base: entry.base)
    }

    /// The name in RSS's "email (Name)" or "Name (email)"; any other author as it is.
    static func name(fromRSSAuthor author: String) -> String {
        guard author.utf8.last == UInt8(ascii: ")"), let open = author.lastIndex(of: "(") else { return author }
        let inside = author[author.index(after: open)..<author.index(before: author.endIndex)]
        let before = author[..<open]
        if looksLikeEmail(before), !inside.isEmpty { return TextCleanup.trimmed(String(inside)) }
        if looksLikeEmail(inside), !before.isEmpty { return TextCleanup.trimmed(String(before)) }
        return author
    }

    /// `local@domain.tld` with no space: not a handle such as "@swiftlang" ("Swift (@swiftlang)"
    /// is a name and a handle, kept whole).
    private static func looksLikeEmail(_ text: Substring) -> Bool {
        let address = TextCleanup.trimmed(String(text))
        guard let at = address.firstIndex(of: "@"), at != address.startIndex,
            !address.contains(where: \.isWhitespace)
        else { return false }
        return address[address.index(after: at)...].contains(".")
    }

    /// An author as markup (arXiv's `dc:creator` links each name): the text, tags dropped
    /// without the space `plainText` puts in their place, so "<a>A</a>, <a>B</a>" reads "A, B".
    static func withoutTags(_ author: String) -> String {
        guard author.utf8.contains(UInt8(ascii: "<")) else { return author }
        var kept: [UInt8] = []
        var inTag = false
        for byte in author.utf8 {
            if byte == UInt8(ascii: "<") {
                inTag = true
            } else if byte == UInt8(ascii: ">") {
                inTag = false
            } else if !inTag {
                kept.append(byte)
            }
        }
        return HTMLEntities.decode(String(decoding: kept, as: UTF8.self))
    }
}
