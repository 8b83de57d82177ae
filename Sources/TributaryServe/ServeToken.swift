import Foundation

/// The secret a page of this server carries in `<meta name="tributary-token">` and sends
/// back as `X-Tributary-Token` with each POST: another site's page cannot read it, so it
/// cannot make this server refresh or mark items read. New for every `serve`.
public struct ServeToken: Sendable, Equatable {
    public let value: String

    /// 32 random bytes, in hex.
    public init() {
        var generator = SystemRandomNumberGenerator()
        value = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// Whether `candidate` is the token, compared in time that does not depend on where they differ.
    public func matches(_ candidate: String?) -> Bool {
        guard let candidate, candidate.utf8.count == value.utf8.count else { return false }
        return zip(candidate.utf8, value.utf8).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
