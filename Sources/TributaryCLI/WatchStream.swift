import Foundation
import Tributary
import TributaryLive
import TributaryRendering

/// `watch` with standard output piped: each item of the live digest written once, as it
/// first appears, one line per item (`--format json`: one JSON object per line), so
/// `tributary watch --format json | jq` is a live stream.
struct WatchStream: Sendable {
    let format: WatchCommand.Format
    let setup: LiveRun

    func run(_ live: LivePipeline) async throws {
        var written: Set<String> = []
        for try await update in live.digests {
            let digest = setup.filter(now: update.digest.generatedAt).apply(to: update.digest)
            for (index, item) in digest.items.enumerated() {
                guard written.insert(item.source + "\u{1F}" + item.id).inserted else { continue }
                StandardOutput.write(try line(item, remembered: digest.remembered(at: index)) + "\n")
            }
        }
    }

    /// One item on one line.
    func line(_ item: FeedItem, remembered: ItemMemory?) throws -> String {
        switch format {
        case .json:
            return try ItemLine.json(item, remembered: remembered)
        case .markdown:
            return "- [\(ItemLine.markdown(item.title))](\(item.urlString ?? "")) · \(item.source)"
        case .text:
            let mark = remembered?.isNew == true ? "N " : ""
            return mark + [item.source, item.title, item.urlString].compactMap { $0 }.joined(separator: " · ")
        }
    }
}

/// Pieces of one-line item output.
enum ItemLine {
    /// The item as the digest's JSON schema writes it, on one line.
    static func json(_ item: FeedItem, remembered: ItemMemory?) throws -> String {
        var digest = Digest(title: "", generatedAt: Date(), sources: [], items: [item])
        if let remembered { digest.memory = DigestMemory([item]) { _ in remembered } }
        let document = try JSONSerialization.jsonObject(with: try JSONRenderer().render(digest)) as? [String: Any]
        let object = (document?["items"] as? [Any])?.first ?? [:]
        let line = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: line, as: UTF8.self)
    }

    /// Text safe inside a Markdown link's brackets.
    static func markdown(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[")
            .replacingOccurrences(of: "]", with: "\\]")
    }
}
