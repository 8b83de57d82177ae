import Foundation

/// Every secret the run's requests have carried, so that text upstream sends back (an
/// error body that quotes the password of a login, or the token of a request) can be
/// scrubbed of them before it is shown, logged, stored or recorded. Shared by every copy
/// of the run's `HTTPClient`.
public final class SentSecrets: @unchecked Sendable {
    /// NSLock, not `Mutex`: ThreadSanitizer cannot see `Mutex`'s futexes on Linux.
    private let lock = NSLock()
    /// Under `lock`: by value.
    private var values: [String: Secret] = [:]

    public init() {}

    /// Adds the secrets a request is about to carry.
    func remember(_ secrets: [Secret]) {
        guard !secrets.isEmpty else { return }
        lock.withLock {
            for secret in secrets where values[secret.value] == nil { values[secret.value] = secret }
        }
    }

    /// The secrets sent so far.
    public var all: [Secret] {
        lock.withLock { Array(values.values) }
    }

    /// A scrubber of every secret sent so far, in every form upstream may quote it.
    public var scrubber: SecretScrubber {
        SecretScrubber(all)
    }
}
