import Foundation

/// The one error type of Tributary: what went wrong, what to do about it, and where.
///
/// Sources throw it from their signals; the host turns it into a source's status line.
public struct TributaryError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is; decides retries and exit codes.
    public enum Code: String, Sendable {
        /// feeds.json or a flag is wrong; nothing was fetched.
        case invalidConfiguration
        /// The state store cannot be used (not a store, newer schema, read-only, disk full).
        case unusableState
        /// A required secret or prerequisite is missing; the source is skipped, not failed.
        case skipped
        /// The connection failed (refused, DNS, reset).
        case connection
        /// The request or the whole source took longer than allowed.
        case timeout
        /// Upstream asked us to slow down; `retryAfter` says until when, if known.
        case rateLimited
        /// A failure that may pass (5xx, temporarily unavailable).
        case transient
        /// A failure that will not pass by retrying (bad key, deactivated app, 404).
        case permanent
        /// The response could not be understood (invalid JSON, HTML instead of JSON, too large).
        case badResponse
        /// No recorded response exists for a request in replay mode.
        case notRecorded
        /// The run was cancelled.
        case cancelled
    }

    public var code: Code
    /// A message for a person, saying what happened and, where possible, what to do.
    public var message: String
    /// The id of the feeds.json entry concerned, when there is one.
    var source: String?
    /// When upstream said the request may be made again.
    public var retryAfter: Date?
    /// The underlying error's description, already redacted of secrets.
    var cause: String?

    /// Messages often quote outside text (a header, a `Location`, a plugin's value, a
    /// config value): `message` and `cause` are cleaned with `TextCleanup.messageText`, so
    /// no error can carry an escape sequence to a terminal, whoever built it.
    public init(_ code: Code, _ message: String, source: String? = nil, retryAfter: Date? = nil, cause: String? = nil) {
        self.code = code
        self.message = TextCleanup.messageText(message)
        self.source = source
        self.retryAfter = retryAfter
        self.cause = cause.map(TextCleanup.messageText)
    }

    /// Whether trying the same request again later can succeed.
    public var isTransient: Bool {
        switch code {
        case .connection, .timeout, .transient, .rateLimited: true
        default: false
        }
    }

    public var description: String {
        guard let cause, !message.contains(cause) else { return message }
        return "\(message) (\(cause))"
    }
}
