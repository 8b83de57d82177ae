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
    public func render(_ digest: Digest, to sink: ByteSink) {
        let generated =
            "_Generated \(ISO8601Date.format(digest.generatedAt)) · \(Plural.count(digest.items.count, "item"))_"
        ChunkedOutput.write("# \(Self.escape(digest.title))\n\n\(generated)\n\n", to: sink)
        ChunkedOutput.write(digest.items, to: sink) { index, item, out in
            out.append("- ")
            Self.appendLine(for: item, isNew: digest.remembered(at: index)?.isNew == true, to: &out)
            out.append(UInt8(ascii: "\n"))
        }
        var lines =
            digest.items.isEmpty
            ? ["_No items._"] + (EmptyDigest.filters(digest).map { ["", Self.escape($0)] } ?? []) : []
        lines += [
            "", "## Sources", "", "| Source | Type | Status | Items | Message |", "| --- | --- | --- | --- | --- |",
        ]
        for status in digest.sources {
            lines.append(
                "| \(Self.escapeCell(status.id)) | \(status.type) | \(status.state.rawValue) | \(status.itemCount) | "
                    + "\(Self.escapeCell(status.message ?? "")) |"
            )
        }
        ChunkedOutput.write(lines.joined(separator: "\n") + "\n", to: sink)
    }

    /// One item as the digest's list writes it, on one line: `- **[title](<url>)** — …`.
    public func line(for item: FeedItem, isNew: Bool) -> String {
        var bytes: [UInt8] = Array("- ".utf8)
        Self.appendLine(for: item, isNew: isNew, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `**[title](<url>)** — kind · source · author · score · date`, with **new** first in
    /// the details of a new item and an episode's enclosure last (`[♫ 42 min](<url>)`); written straight into `out`, escaping as it goes.
    private static func appendLine(for item: FeedItem, isNew: Bool, to out: inout [UInt8]) {
        out.append("**")
        if let url = item.urlString {
            out.append(UInt8(ascii: "["))
            appendEscaped(item.title, to: &out)
            out.append("](<\(destination(url))>)")
        } else {
            appendEscaped(item.title, to: &out)
        }
        out.append("** — ")
        if isNew { out.append("**new** · ") }
        out.append(item.kind.rawValue)
        out.append(" · ")
        appendEscaped(item.source, to: &out)
        if let author = item.author {
            out.append(" · ")
            appendEscaped(author, to: &out)
        }
        if let score = item.score { out.append(" · score \(TextRenderer.format(score))") }
        if let published = item.published { out.append(" · " + ISO8601Date.format(published)) }
        if let episode = item.episode {
            out.append(" · [\(EpisodeLabel.marker(episode))](<\(destination(episode.urlString))>)")
        }
    }

    /// Backslash-escapes the characters that CommonMark would read as inline markup in
    /// running text (emphasis, code, links, images, autolinks, raw HTML, entity references,
    /// and a heading's closing `#`s), and nothing else, so `C++ & .NET (2.0)` stays as it is.
    static func escape(_ text: String) -> String {
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count + 8)
        appendEscaped(text, to: &escaped)
        return String(decoding: escaped, as: UTF8.self)
    }

    /// `escape`, and `|`, for a cell of a GitHub-style table.
    static func escapeCell(_ text: String) -> String {
        escape(text).replacingOccurrences(of: "|", with: "\\|")
    }

    /// `escape`, appending to `out`.
    static func appendEscaped(_ text: String, to out: inout [UInt8]) {
        let special = isSpecial
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() {
            let needsEscape =
                byte < 0x80 && special[Int(byte)]
                || byte == UInt8(ascii: "&") && startsEntityReference(bytes[(index + 1)...])
            if needsEscape { out.append(UInt8(ascii: "\\")) }
            out.append(byte)
        }
    }

    /// Whether each ASCII byte always starts or ends inline markup: a table, not a `Set`,
    /// since it is asked for every byte of every title, source and author. (`!` needs no
    /// escape since the `[` after it gets one; `&` is escaped only before an entity name.)
    private static let isSpecial: [Bool] = (0..<128).map { "\\`*_[]<#".utf8.contains(UInt8($0)) }

    /// Whether the bytes after an `&` make a CommonMark entity or numeric character
    /// reference (`amp;`, `#38;`, `#x26;`), which a renderer would decode.
    static func startsEntityReference(_ rest: ArraySlice<UInt8>) -> Bool {
        var body = rest.prefix(34)
        guard let end = body.firstIndex(of: UInt8(ascii: ";")) else { return false }
        body = body[..<end]
        if body.first == UInt8(ascii: "#") {
            var digits = body.dropFirst()
            let hex = digits.first == UInt8(ascii: "x") || digits.first == UInt8(ascii: "X")
            if hex { digits = digits.dropFirst() }
            let isDigit: (UInt8) -> Bool = { hex ? $0.isHexDigitASCII : (0x30...0x39).contains($0) }
            return (1...(hex ? 6 : 7)).contains(digits.count) && digits.allSatisfy(isDigit)
        }
        return (1...32).contains(body.count) && body.allSatisfy(\.isAlphanumericASCII)
    }

    /// A URL as a `<…>` link destination, which may not hold `>`.
    static func destination(_ url: String) -> String {
        url.utf8.contains(UInt8(ascii: ">")) ? url.replacingOccurrences(of: ">", with: "%3E") : url
    }
}

extension Renderer {
    /// CommonMark: a list of linked items and a table of sources (`MarkdownRenderer`).
    public static let markdown = Renderer(
        name: "markdown", mediaType: "text/markdown; charset=utf-8", fileExtension: "md",
        document: { digest, _, sink in MarkdownRenderer().render(digest, to: sink) },
        item: { item, remembered, _ in MarkdownRenderer().line(for: item, isNew: remembered?.isNew == true) }
    )
}

extension UInt8 {
    fileprivate var isAlphanumericASCII: Bool {
        (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
    }

    fileprivate var isHexDigitASCII: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
