/// Why a digest holds fewer items than its sources gave: the filters in effect and how
/// many items they removed, so that a renderer can say why a digest is empty.
public struct DigestNarrowing: Sendable, Equatable {
    /// Each filter in effect, as the user wrote it: `--grep "actor"`, `include "swift"`, `--new`.
    public var filters: [String]
    /// How many items the filters removed (after de-duplication, before the digest's limit).
    public var removed: Int

    public init(filters: [String] = [], removed: Int = 0) {
        self.filters = filters
        self.removed = removed
    }
}

extension KeywordFilter {
    /// The terms in effect, one entry each, as `DigestNarrowing.filters` lists them.
    var descriptions: [String] {
        required.map { "--grep \"\($0)\"" } + tags.map { "--tag \"\($0)\"" }
    }
}

extension MemoryFilter {
    /// The flags in effect, as `DigestNarrowing.filters` lists them.
    var descriptions: [String] {
        (onlyNew ? ["--new"] : []) + (firstSeenAfter != nil ? ["--since"] : []) + (onlyUnread ? ["--unread"] : [])
    }
}
