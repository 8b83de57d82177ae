import Synchronization

/// Every secret the run's requests have carried, so that text upstream sends back (an
/// error body that quotes the password of a login, or the token of a request) can be
/// scrubbed of them before it is shown, logged, stored or recorded. Shared by every copy
/// of the run's `HTTPClient`.
public final class SentSecrets: Sendable {
    private let values = Mutex<[String: Secret]>([:])

    public init() {}

    /// Adds the secrets a request is about to carry.
    func remember(_ secrets: [Secret]) {
        guard !secrets.isEmpty else { return }
        values.withLock { known in
            for secret in secrets where known[secret.value] == nil { known[secret.value] = secret }
        }
    }

    /// The secrets sent so far.
    public var all: [Secret] {
        values.withLock { Array($0.values) }
    }

    /// A scrubber of every secret sent so far, in every form upstream may quote it.
    public var scrubber: SecretScrubber {
        SecretScrubber(all)
    }
}
