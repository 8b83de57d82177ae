import Foundation
import Tributary

/// Renders the digest for a terminal: numbered items, then one status line per source.
/// Remote text is already stripped of control characters by the host.
///
/// Titles and details are cut to `width` display cells (see `DisplayWidth`), at a cluster
/// boundary with `…`; with no width nothing is cut. URLs are never cut (they would not
/// work). With `links`, titles are OSC 8 hyperlinks. Times are the reader's (`time`).
/// With a state store, new items are marked: a green `●` on a terminal, an `N` in a
/// plain column when styling is off (piped, `NO_COLOR`).
public struct TextRenderer: Sendable {
    public let style: TerminalStyle
    /// The cells a line may take, or nil for lines as long as their text.
    public let width: Int?
    /// Whether titles are OSC 8 hyperlinks to their item.
    public let links: Bool
    public let time: TerminalTime

    public init(
        style: TerminalStyle, width: Int? = 80, links: Bool = false,
        time: TerminalTime = TerminalTime(timeZone: TimeZone(identifier: "UTC")!)
    ) {
        self.style = style
        self.width = width
        self.links = links
        self.time = time
    }

    /// The renderer `options` describe.
    public init(options: RenderOptions) {
        self.init(style: options.style, width: options.width, links: options.links, time: options.time)
    }

    /// The whole digest as one string (for tests and small digests).
    public func render(_ digest: Digest) -> String {
        var bytes: [UInt8] = []
        render(digest) { bytes.append(contentsOf: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Streams the digest to `sink` in pieces, a window of items at a time.
    public func render(_ digest: Digest, to sink: ByteSink) {
        ChunkedOutput.write(header(digest) + "\n\n", to: sink)
        let shows = Self.shows(digest)
        ChunkedOutput.write(digest.items, to: sink) { index, item, out in
            render(
                item, number: index + 1, now: digest.generatedAt, marker: marker(digest, at: index), shows: shows,
                to: &out)
        }
        var lines: [String] = []
        if digest.items.isEmpty {
            lines = [style.dim("No items.")] + [EmptyDigest.filters(digest)].compactMap { $0.map(style.dim) } + [""]
        }
        if !digest.sources.isEmpty {  // a search of the archive ran no source
            lines.append(style.bold("Sources"))
            lines += digest.sources.map { "  " + StatusLine(style: style).render($0) }
        }
        ChunkedOutput.write(lines.joined(separator: "\n") + "\n", to: sink)
    }

    /// One item on one line, as `watch` writes it piped: `source · title · url`, an `N`
    /// before a new item's.
    public func line(for item: FeedItem, isNew: Bool) -> String {
        let mark = isNew ? "N " : ""
        return mark + [item.source, item.title, item.urlString].compactMap { $0 }.joined(separator: " · ")
    }

    /// `Title · 3 items from 2 sources · 2026-11-22 13:00 JST` (no sources for a search of the
    /// archive); the title is cut first, the whole line only when the details alone leave it
    /// under 10 cells.
    private func header(_ digest: Digest) -> String {
        let count =
            Plural.count(digest.items.count, "item")
            + (digest.newItemCount.map { " (\($0) new)" } ?? "")
        let from = digest.sources.isEmpty ? "" : " from \(Plural.count(digest.sources.count, "source"))"
        let details = " · \(count)\(from) · " + time.stamp(digest.generatedAt)
        let title = TextCleanup.singleLine(digest.title)
        guard let width else { return style.bold(title) + style.dim(details) }
        let room = width - DisplayWidth.cells(details)
        if room < 10 { return style.bold(DisplayWidth.fitting(title + details, in: width)) }
        return style.bold(DisplayWidth.fitting(title, in: room)) + style.dim(details)
    }

    /// The column before a title: a mark for new items, blank for the rest; none without a store.
    private func marker(_ digest: Digest, at index: Int) -> String {
        guard digest.memory != nil else { return "" }
        guard digest.remembered(at: index)?.isNew == true else { return "  " }
        return style.isEnabled ? style.green("●") + " " : "N "
    }

    /// The sources' titles by id, which an episode shows as its show's name.
    private static func shows(_ digest: Digest) -> [String: String] {
        digest.sources.reduce(into: [:]) { shows, status in
            if let title = status.title { shows[status.id] = title }
        }
    }

    private func render(
        _ item: FeedItem, number: Int, now: Date, marker: String, shows: [String: String], to out: inout [UInt8]
    ) {
        let prefix = String(number).leftPadded(to: 3) + " " + (marker.isEmpty ? " " : marker)
        let prefixWidth = marker.isEmpty ? 5 : 6  // the marker's escape codes take no columns
        let indent = String(repeating: " ", count: prefixWidth)
        let kind = "[\(item.kind.rawValue)]"
        let title = cut(item.title, to: width.map { $0 - prefixWidth - kind.count - 1 })
        let shownTitle = links ? Hyperlink.wrap(style.bold(title), url: item.urlString) : style.bold(title)
        out.append(prefix + shownTitle + " " + style.cyan(kind) + "\n")
        let episode = item.episode
        let details = meta(item, episode: episode, show: shows[item.source], now: now)
        out.append(indent + style.dim(cut(details, to: width.map { $0 - prefixWidth })) + "\n")
        for url in [item.urlString, episode?.urlString].compactMap({ $0 }) {
            out.append(indent + (Hyperlink.isSafe(url) ? url : TextCleanup.singleLine(url)) + "\n")
        }
        out.append("\n")
    }

    /// `source · author · ▲score · age`; an episode's: `show · ♫ 42 min · author · age`.
    private func meta(_ item: FeedItem, episode: Enclosure?, show: String?, now: Date) -> String {
        var meta = [episode == nil ? item.source : show.map(TextCleanup.singleLine) ?? item.source]
        if let episode { meta.append(EpisodeLabel.marker(episode)) }
        if let author = item.author { meta.append(author) }
        if let score = item.score { meta.append("▲\(Self.format(score))") }
        if let published = item.published { meta.append(time.age(of: published, now: now)) }
        return meta.joined(separator: " · ")
    }

    private func cut(_ text: String, to cells: Int?) -> String {
        guard let cells else { return text }
        return DisplayWidth.fitting(text, in: max(1, cells))
    }

    static func format(_ score: Double) -> String {
        score.rounded() == score && abs(score) < 1e15 ? String(Int(score)) : DecimalText.oneDecimal(score)
    }
}

extension Renderer {
    /// Numbered items and a status line per source, for a terminal (`TextRenderer`).
    public static let text = Renderer(
        name: "text", mediaType: "text/plain; charset=utf-8", fileExtension: "txt",
        document: { digest, options, sink in TextRenderer(options: options).render(digest, to: sink) },
        item: { item, remembered, options in
            TextRenderer(options: options).line(for: item, isNew: remembered?.isNew == true)
        }
    )
}

extension String {
    func leftPadded(to count: Int) -> String {
        self.count >= count ? self : String(repeating: " ", count: count - self.count) + self
    }
}
