import Foundation
import Tributary

extension ReportPage {
    /// The view of `digest`, with times relative to its generation time.
    init(_ digest: Digest, images: ReportImages) {
        let memory = digest.memory
        let items = ParallelWork.chunks(of: digest.items.count, minimumChunk: 4_096) { range in
            range.map { index in
                let item = digest.items[index]
                let isNew = memory?[item]?.isNew == true
                return ReportItem(item, anchor: "i\(index + 1)", now: digest.generatedAt, images: images, isNew: isNew)
            }
        }.flatMap { $0 }
        let newCounts = Self.newCounts(items)
        self.init(
            title: digest.title,
            generatedAt: digest.generatedAt.formatted(.iso8601),
            generatedLabel: Self.label(digest.generatedAt),
            csp: "",
            itemCount: items.count,
            chips: digest.sources.map { SourceChip($0, newCount: newCounts[$0.id, default: 0]) },
            photos: items.filter { $0.kind == ItemKind.photo.rawValue },
            lists: Self.lists(items),
            timeline: items.sorted { $0.timestamp > $1.timestamp },
            isEmpty: items.isEmpty,
            hasMemory: memory != nil,
            newItemCount: newCounts.values.reduce(0, +)
        )
    }

    /// How many new items each source has, by source id.
    private static func newCounts(_ items: [ReportItem]) -> [String: Int] {
        items.reduce(into: [:]) { counts, item in
            if item.isNew { counts[item.source, default: 0] += 1 }
        }
    }

    private static func lists(_ items: [ReportItem]) -> [ReportList] {
        let sections: [(ItemKind, String)] = [(.question, "Questions"), (.post, "Posts"), (.article, "Articles")]
        return sections.compactMap { kind, heading in
            let matching = items.filter { $0.kind == kind.rawValue }
            return matching.isEmpty ? nil : ReportList(kind: kind.rawValue, heading: heading, items: matching)
        }
    }

    /// "2026-11-22 06:00 UTC", the same wherever the report is made.
    static func label(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }
}

extension SourceChip {
    init(_ status: SourceStatus, newCount: Int) {
        self.init(
            id: status.id, label: status.title ?? status.id, state: status.state.rawValue, isOK: status.state == .ok,
            itemCount: status.itemCount, message: status.message, newCount: newCount, hasNew: newCount > 0
        )
    }
}

extension ReportItem {
    convenience init(_ item: FeedItem, anchor: String, now: Date, images: ReportImages, isNew: Bool) {
        self.init(
            anchor: anchor, source: item.source, kind: item.kind.rawValue, title: item.title,
            url: WebURL.string(item.urlString), author: item.author,
            datetime: item.published.map(ISO8601Date.format),
            age: item.published.map { RelativeTime.describe($0, now: now) },
            timestamp: Int(item.published?.timeIntervalSince1970 ?? 0),
            score: item.score.map(TextRenderer.format), scoreValue: item.score ?? 0,
            summary: item.summary, tags: item.tags,
            thumbnail: images.image(for: item),
            image: WebURL.string(item.imageString ?? item.thumbnailString), isNew: isNew
        )
    }
}
