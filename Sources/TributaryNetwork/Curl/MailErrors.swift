import CCurl
import Foundation
import Tributary

/// Turns libcurl's result of an SMTP send into a `TributaryError` that says what failed
/// and what to do, naming the server by host and port, never the user or the password.
enum MailErrors {
    static func describe(
        _ code: CURLcode, detail: String, settings: MailSettings, cancelled: Bool
    ) -> TributaryError {
        let server = settings.serverName
        switch code {
        case CURLE_ABORTED_BY_CALLBACK where cancelled:
            return TributaryError(.cancelled, "sending the mail to \(server) was cancelled")
        case CURLE_OPERATION_TIMEDOUT:
            return TributaryError(
                .timeout, "timed out after \(ClockTime.seconds(settings.timeout)) s sending the mail to \(server)")
        case CURLE_COULDNT_RESOLVE_HOST:
            return TributaryError(.connection, "cannot resolve the mail server \(server); check mail.smtp")
        case CURLE_COULDNT_CONNECT:
            return TributaryError(
                .connection, "cannot connect to the mail server \(server): connection refused; check mail.smtp")
        case CURLE_LOGIN_DENIED:
            return TributaryError(
                .permanent, "the mail server \(server) refused the login; check mail.user and mail.password's variable")
        case CURLE_USE_SSL_FAILED:
            return TributaryError(
                .permanent,
                "the mail server \(server) does not offer STARTTLS, so nothing was sent in clear text; "
                    + "use its smtps:// address if it has one")
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM:
            return TributaryError(
                .connection,
                "TLS with the mail server \(server) failed (\(clean(detail, code, settings))); a private or "
                    + "self-signed certificate needs its authority in mail.caFile")
        default:
            return TributaryError(
                .connection, "sending the mail to \(server) failed: \(clean(detail, code, settings))")
        }
    }

    /// libcurl's detail (or its code's text), on one line, without the user or the password.
    static func clean(_ detail: String, _ code: CURLcode, _ settings: MailSettings) -> String {
        var text = detail.isEmpty ? String(cString: tributary_curl_easy_strerror(code)) : detail
        for secret in [settings.password?.value, settings.user].compactMap({ $0 }) where !secret.isEmpty {
            text = text.replacingOccurrences(of: secret, with: "***")
        }
        return TextCleanup.singleLine(Redaction.redact(text))
    }
}
