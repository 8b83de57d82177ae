import Foundation

/// X post ids are snowflakes: the upper bits are the milliseconds since X's epoch
/// (2010-11-04 01:42:54.657 UTC), so an id tells when its post was made.
enum TwitterSnowflake {
    /// X's epoch in milliseconds since 1970.
    static let epochMilliseconds: UInt64 = 1_288_834_974_657
    /// How far back v2 recent search reaches; an older `since_id` is refused with a 400.
    static let recentSearchWindow: TimeInterval = 7 * 24 * 60 * 60

    /// When the post with `id` was made, or nil for something that is not an id.
    static func date(of id: String) -> Date? {
        guard let value = UInt64(id) else { return nil }
        let milliseconds = (value >> 22) + epochMilliseconds
        return Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
    }

    /// A diagnostic when `id` is older than recent search allows at `now`; nil when usable.
    static func staleSinceID(_ id: String, now: Date) -> String? {
        guard let made = date(of: id), now.timeIntervalSince(made) > recentSearchWindow else { return nil }
        let day = made.formatted(.iso8601.year().month().day())
        return "since_id \(id) is from \(day), older than the 7 days X's recent search covers; "
            + "fetched the newest posts without it"
    }
}
