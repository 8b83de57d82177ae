import Foundation
import Tributary

/// Renders the digest for a terminal: numbered items in 80 columns, then one status
/// line per source. Remote text is already stripped of control characters by the host.
/// With a state store, new items are marked: a green `●` on a terminal, an `N` in a
/// plain column when styling is off (piped, `NO_COLOR`).
public struct TextRenderer: Sendable {
    public let style: TerminalStyle
    public let width: Int

    public init(style: TerminalStyle, width: Int = 80) {
        self.style = style
        self.width = width
    }

    public func render(_ digest: Digest) -> String {
        var lines = [header(digest), ""]
        for (index, item) in digest.items.enumerated() {
            lines += render(item, number: index + 1, now: digest.generatedAt, marker: marker(digest.memory, item))
        }
        if digest.items.isEmpty { lines += [style.dim("No items."), ""] }
        lines.append(style.bold("Sources"))
        lines += digest.sources.map { "  " + StatusLine(style: style).render($0) }
        return lines.joined(separator: "\n") + "\n"
    }

    private func header(_ digest: Digest) -> String {
        let count =
            (digest.items.count == 1 ? "1 item" : "\(digest.items.count) items")
            + (digest.memory.map { " (\($0.newCount(digest.items)) new)" } ?? "")
        let sources = digest.sources.count == 1 ? "1 source" : "\(digest.sources.count) sources"
        let time = ClockTime.format(digest.generatedAt, now: .distantPast)
        return style.bold(TextCleanup.singleLine(digest.title)) + style.dim(" · \(count) from \(sources) · \(time)")
    }

    /// The column before a title: a mark for new items, blank for the rest; none without a store.
    private func marker(_ memory: DigestMemory?, _ item: FeedItem) -> String {
        guard let memory else { return "" }
        guard memory[item]?.isNew == true else { return "  " }
        return style.isEnabled ? style.green("●") + " " : "N "
    }

    private func render(_ item: FeedItem, number: Int, now: Date, marker: String) -> [String] {
        let prefix = String(number).leftPadded(to: 3) + " " + (marker.isEmpty ? " " : marker)
        let prefixWidth = marker.isEmpty ? 5 : 6  // the marker's escape codes take no columns
        let indent = String(repeating: " ", count: prefixWidth)
        let kind = "[\(item.kind.rawValue)]"
        let title = TextCleanup.truncate(item.title, to: width - prefixWidth - kind.count - 1)
        var meta = [item.source]
        if let author = item.author { meta.append(author) }
        if let score = item.score { meta.append("▲\(Self.format(score))") }
        if let published = item.published { meta.append(RelativeTime.describe(published, now: now)) }
        var lines = [prefix + style.bold(title) + " " + style.cyan(kind)]
        lines.append(indent + style.dim(TextCleanup.truncate(meta.joined(separator: " · "), to: width - indent.count)))
        if let url = item.urlString { lines.append(indent + url) }
        lines.append("")
        return lines
    }

    static func format(_ score: Double) -> String {
        score.rounded() == score && abs(score) < 1e15 ? String(Int(score)) : String(format: "%.1f", score)
    }
}

extension String {
    func leftPadded(to count: Int) -> String {
        self.count >= count ? self : String(repeating: " ", count: count - self.count) + self
    }
}
