import Foundation

/// Carries one finished message to the SMTP server `MailSettings` names, as the core's
/// `HTTPTransport` carries requests: `TributaryNetwork`'s `CurlMailTransport` over
/// libcurl, or a test's stand-in.
public protocol MailTransport: Sendable {
    /// Sends `message` (RFC 5322 bytes, CRLF line endings) from `settings.from` to each of
    /// `settings.to`; returns once the server accepted it. Throws a `TributaryError` that
    /// says what failed and names neither the user's password nor the user.
    func send(_ message: [UInt8], with settings: MailSettings) async throws
}
