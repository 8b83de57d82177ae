import Foundation
import Tributary

extension ReportPage {
    /// The view of `digest`, with times relative to its generation time; with `actions`,
    /// each item has its read and star controls (`serve`'s page).
    init(_ digest: Digest, images: ReportImages, actions: Bool = false) {
        let items = Self.items(digest, images: images, actions: actions)
        let newCounts = Self.counts(items.filter(\.isNew))
        let shownCounts = Self.counts(items)
        self.init(
            title: digest.title,
            generatedAt: digest.generatedAt.formatted(.iso8601),
            generatedLabel: Self.label(digest.generatedAt),
            csp: "",
            itemCount: items.count,
            chips: digest.sources.map {
                SourceChip($0, shown: shownCounts[$0.id, default: 0], newCount: newCounts[$0.id, default: 0])
            },
            chipSummary: Self.chipSummary(digest.sources),
            photos: items.filter { $0.kind == ItemKind.photo.rawValue },
            lists: Self.lists(items),
            timeline: items.sorted { $0.timestamp > $1.timestamp },
            isEmpty: items.isEmpty,
            emptyReasons: items.isEmpty ? EmptyDigest.reasons(digest) : [],
            hasMemory: digest.memory != nil,
            newItemCount: newCounts.values.reduce(0, +),
            mediaOrigins: Set(items.compactMap { $0.episode?.origin }).sorted()
        )
    }

    /// The digest's items as the page shows them, their scores ranked within their sources.
    private static func items(_ digest: Digest, images: ReportImages, actions: Bool) -> [ReportItem] {
        let texts = ParallelWork.map(digest.items, ItemText.init)
        let ranks = ScorePercentile.ranks(
            of: Array(texts.indices), source: { digest.items[$0].source }, score: { texts[$0].score })
        let shows = digest.sources.reduce(into: [String: String]()) { shows, status in
            if let title = status.title { shows[status.id] = title }
        }
        return ParallelWork.chunks(of: digest.items.count, minimumChunk: 4_096) { range in
            range.map { index in
                let item = digest.items[index]
                let remembered = digest.remembered(at: index)
                let entry = actions ? digest.archiveEntry(at: index) : nil
                return ReportItem(
                    item, text: texts[index], rank: ranks[index] ?? -1, anchor: "i\(index + 1)",
                    now: digest.generatedAt, images: images, isNew: remembered?.isNew == true,
                    show: shows[item.source],
                    actions: actions
                        ? remembered.map {
                            ReportActions(
                                isRead: $0.isRead, isStarred: entry?.isStarred == true, canStar: entry != nil)
                        } : nil)
            }
        }.flatMap { $0 }
    }

    /// How many of `items` each source has, by source id.
    private static func counts(_ items: [ReportItem]) -> [String: Int] {
        items.reduce(into: [:]) { counts, item in counts[item.source, default: 0] += 1 }
    }

    /// "9 ok · 2 failed · 1 skipped", in that order, leaving out states no source is in.
    static func chipSummary(_ sources: [SourceStatus]) -> String {
        let states: [SourceStatus.State] = [.ok, .failed, .skipped, .pending]
        return states.compactMap { state in
            let count = sources.count { $0.state == state }
            return count == 0 ? nil : "\(count) \(state.rawValue)"
        }.joined(separator: " · ")
    }

    /// Episodes (items that play, photos aside), then questions, posts and articles.
    private static func lists(_ items: [ReportItem]) -> [ReportList] {
        let episodes = items.filter { $0.episode != nil && $0.kind != ItemKind.photo.rawValue }
        let others = episodes.isEmpty ? items : items.filter { $0.episode == nil }
        let sections: [(ItemKind, String)] = [(.question, "Questions"), (.post, "Posts"), (.article, "Articles")]
        let lists = sections.compactMap { kind, heading in
            let matching = others.filter { $0.kind == kind.rawValue }
            return matching.isEmpty ? nil : ReportList(kind: kind.rawValue, heading: heading, items: matching)
        }
        return (episodes.isEmpty ? [] : [ReportList(kind: "episode", heading: "Episodes", items: episodes)]) + lists
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
    /// The chip of `status`, of whose items the page shows `shown`.
    init(_ status: SourceStatus, shown: Int, newCount: Int) {
        let countLabel = shown < status.itemCount ? "\(shown) of \(status.itemCount)" : "\(status.itemCount)"
        self.init(
            id: status.id, label: status.title ?? status.id, state: status.state.rawValue, isOK: status.state == .ok,
            itemCount: status.itemCount, countLabel: countLabel, message: status.message, newCount: newCount,
            hasNew: newCount > 0
        )
    }
}

extension ReportItem {
    convenience init(
        _ item: FeedItem, text: ItemText, rank: Double, anchor: String, now: Date, images: ReportImages, isNew: Bool,
        show: String? = nil, actions: ReportActions? = nil
    ) {
        self.init(
            anchor: anchor, id: item.id, source: item.source, kind: item.kind.rawValue, title: item.title,
            url: WebURL.string(item.urlString), author: item.author,
            datetime: item.published.map(ISO8601Date.format),
            age: item.published.map { RelativeTime.describe($0, now: now) },
            timestamp: Int(item.published?.timeIntervalSince1970 ?? 0),
            score: text.score.map(TextRenderer.format), scoreValue: text.score ?? 0, scoreRank: rank,
            summary: text.summary, content: item.content, commentsURL: text.commentsURL,
            commentsLabel: text.commentsLabel, tags: item.tags,
            thumbnail: images.image(for: item),
            image: WebURL.string(item.imageString ?? item.thumbnailString), isNew: isNew,
            episode: ReportEpisode(item, show: show), actions: actions
        )
    }
}
