import Foundation
import Tributary

/// Renders the digest as CommonMark: a list of linked items and a table of sources.
/// Remote text is escaped so it cannot add links, images or HTML of its own. With a
/// state store, new items say **new** first in their details.
public struct MarkdownRenderer: Sendable {
    public init() {}

    /// The whole document as one string (for tests and small digests).
    public func render(_ digest: Digest) -> String {
        var bytes: [UInt8] = []
        render(digest) { bytes.append(contentsOf: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Streams the document to `sink` in pieces, a window of items at a time.
    public func render(_ digest: Digest, to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        let generated =
            "_Generated \(ISO8601Date.format(digest.generatedAt)) · \(Plural.count(digest.items.count, "item"))_"
        ChunkedOutput.write("# \(Self.escape(digest.title))\n\n\(generated)\n\n", to: sink)
        let memory = digest.memory
        ChunkedOutput.write(digest.items, to: sink) { _, item, out in
            out.append("- " + line(for: item, isNew: memory?[item]?.isNew == true) + "\n")
        }
        var lines = digest.items.isEmpty ? ["_No items._"] : []
        lines += [
            "", "## Sources", "", "| Source | Type | Status | Items | Message |", "| --- | --- | --- | --- | --- |",
        ]
        for status in digest.sources {
            let message = Self.escape(status.message ?? "").replacingOccurrences(of: "|", with: "\\|")
            lines.append(
                "| \(Self.escape(status.id)) | \(status.type) | \(status.state.rawValue) | \(status.itemCount) | "
                    + "\(message) |"
            )
        }
        ChunkedOutput.write(lines.joined(separator: "\n") + "\n", to: sink)
    }

    private func line(for item: FeedItem, isNew: Bool) -> String {
        let title = Self.escape(item.title)
        let linked = item.urlString.map { "[\(title)](<\(Self.destination($0))>)" } ?? title
        var meta = (isNew ? ["**new**"] : []) + [item.kind.rawValue, Self.escape(item.source)]
        if let author = item.author { meta.append(Self.escape(author)) }
        if let score = item.score { meta.append("score \(TextRenderer.format(score))") }
        if let published = item.published { meta.append(ISO8601Date.format(published)) }
        return "**\(linked)** — " + meta.joined(separator: " · ")
    }

    /// Backslash-escapes every ASCII punctuation character CommonMark may treat as markup.
    static func escape(_ text: String) -> String {
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            if special.contains(byte) { escaped.append(UInt8(ascii: "\\")) }
            escaped.append(byte)
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    private static let special = Set("\\`*_{}[]()<>#+-.!|~&".utf8)

    /// A URL as a `<…>` link destination, which may not hold `>`.
    static func destination(_ url: String) -> String {
        url.utf8.contains(UInt8(ascii: ">")) ? url.replacingOccurrences(of: ">", with: "%3E") : url
    }
}
