import Foundation
import TributaryBytes

/// How many file descriptors a run may use, and how it shares them: connections, and
/// sources running at once (a source may hold a file, a connection, or a plugin's three
/// pipes). Beyond the shares, work waits its turn; nothing fails for want of a descriptor.
public struct DescriptorBudget: Sendable {
    /// Kept free for standard streams, libcurl's own descriptors, the cache and the state.
    public static let reserve = 64
    /// The most sources that run at once, however many descriptors there are.
    public static let maxSourcesAtOnce = 256

    /// The soft `RLIMIT_NOFILE` the budget is cut from.
    public let limit: Int

    public init(limit: Int) {
        self.limit = limit
    }

    /// The budget of this process as it stands.
    public static var current: DescriptorBudget {
        guard let limits = SystemCalls.openFileLimits() else { return DescriptorBudget(limit: 1024) }
        return DescriptorBudget(limit: Int(clamping: limits.soft))
    }

    /// Raises the soft limit to the hard one (as most servers and `curl --parallel` do), and
    /// returns the budget that results.
    @discardableResult
    public static func raisingSoftLimit() -> DescriptorBudget {
        if let limits = SystemCalls.openFileLimits(), limits.soft < limits.hard {
            SystemCalls.setOpenFileLimit(soft: limits.hard, hard: limits.hard)
        }
        return current
    }

    private var spare: Int { max(4, limit - Self.reserve) }

    /// `requested` connections, or half of what is spare when that is fewer.
    public func connections(requested: Int) -> Int {
        max(1, min(requested, spare / 2))
    }

    /// How many sources may run at once: a quarter of what is spare, up to `maxSourcesAtOnce`.
    public var sourcesAtOnce: Int {
        max(1, min(Self.maxSourcesAtOnce, spare / 4))
    }
}
