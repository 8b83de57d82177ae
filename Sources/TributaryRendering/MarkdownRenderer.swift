import Foundation
import Tributary

/// Renders the digest as CommonMark: a list of linked items and a table of sources.
/// Remote text is escaped so it cannot add links, images or HTML of its own.
public struct MarkdownRenderer: Sendable {
    public init() {}

    public func render(_ digest: Digest) -> String {
        var lines = ["# \(Self.escape(digest.title))", "", "_Generated \(Self.timestamp(digest.generatedAt)) · \(digest.items.count) items_", ""]
        for item in digest.items { lines.append("- " + line(for: item)) }
        if digest.items.isEmpty { lines.append("_No items._") }
        lines += ["", "## Sources", "", "| Source | Type | Status | Items | Message |", "| --- | --- | --- | --- | --- |"]
        for status in digest.sources {
            let message = Self.escape(status.message ?? "").replacingOccurrences(of: "|", with: "\\|")
            lines.append("| \(Self.escape(status.id)) | \(status.type) | \(status.state.rawValue) | \(status.itemCount) | \(message) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func line(for item: FeedItem) -> String {
        let title = Self.escape(item.title)
        let linked = item.urlString.map { "[\(title)](<\($0.replacingOccurrences(of: ">", with: "%3E"))>)" } ?? title
        var meta = [item.kind.rawValue, Self.escape(item.source)]
        if let author = item.author { meta.append(Self.escape(author)) }
        if let score = item.score { meta.append("score \(TextRenderer.format(score))") }
        if let published = item.published { meta.append(Self.timestamp(published)) }
        return "**\(linked)** — " + meta.joined(separator: " · ")
    }

    /// Backslash-escapes every ASCII punctuation character CommonMark may treat as markup.
    static func escape(_ text: String) -> String {
        let special = Set("\\`*_{}[]()<>#+-.!|~&")
        return text.reduce(into: "") { result, character in
            if special.contains(character) { result.append("\\") }
            result.append(character)
        }
    }

    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
