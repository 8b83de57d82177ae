import Foundation
import Tributary

/// How often a live view refreshes an entry: its `refresh` option, by default 15 minutes,
/// never more often than `RefreshRule` allows (which reading feeds.json already checked).
public enum RefreshInterval {
    /// The interval of an entry that sets no `refresh`.
    public static let standard: Duration = .seconds(15 * 60)

    /// The entry's interval; throws a configuration error naming the minimum when it is shorter.
    public static func of(_ entry: SourceEntry) throws -> Duration {
        guard let interval = entry.common.refresh else { return standard }
        if let problem = RefreshRule.problem(with: entry.common, options: entry.options) {
            throw entry.invalid("refresh", problem)
        }
        return interval
    }
}
