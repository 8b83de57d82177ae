import Foundation
import Tributary

/// One source as a live view shows it: its latest snapshot, whether a refresh is under
/// way, and when the next one is due.
public struct LiveSourceState: Sendable {
    /// The latest answer; `pending` with no items until the first one.
    public var latest: SourceState
    /// True while the source is being refreshed.
    public var isRefreshing: Bool
    /// When the latest answer came; nil before the first.
    public var refreshedAt: Date?
    /// When the timer refreshes the source next; nil before the first answer.
    public var nextRefresh: Date?

    public init(latest: SourceState, isRefreshing: Bool = false, refreshedAt: Date? = nil, nextRefresh: Date? = nil) {
        self.latest = latest
        self.isRefreshing = isRefreshing
        self.refreshedAt = refreshedAt
        self.nextRefresh = nextRefresh
    }

    /// The state of an entry that has not answered yet.
    static func waiting(for entry: SourceEntry) -> LiveSourceState {
        LiveSourceState(
            latest: SourceState(
                status: SourceStatus(
                    id: entry.id, type: entry.type, title: entry.title,
                    state: .pending), isFinal: false))
    }

    /// The source's status as the digest reports it.
    public var status: SourceStatus { latest.status }
}

/// What a live view draws: the digest of every source's latest snapshot (sources that
/// have not answered yet are `pending`) and each source's live state.
public struct LiveDigest: Sendable {
    public var digest: Digest
    /// In feeds.json order, like `digest.sources`.
    public var sources: [LiveSourceState]

    public init(digest: Digest, sources: [LiveSourceState]) {
        self.digest = digest
        self.sources = sources
    }
}
