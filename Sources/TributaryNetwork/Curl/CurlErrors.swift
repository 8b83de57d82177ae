import CCurl
import Foundation
import Tributary

/// Turns libcurl's result codes into `TributaryError`s that say what failed, without secrets.
enum CurlErrors {
    static func cancelled(_ exchange: CurlExchange) -> TributaryError {
        TributaryError(.cancelled, "request to \(target(exchange)) was cancelled")
    }

    static func describe(_ code: CURLcode, exchange: CurlExchange) -> TributaryError {
        let target = target(exchange)
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return TributaryError(
                .timeout,
                "timed out after \(ClockTime.seconds(exchange.limits.deadline)) s waiting for "
                    + "\(exchange.url.host ?? target)"
            )
        case CURLE_COULDNT_CONNECT, CURLE_GOT_NOTHING, CURLE_SEND_ERROR:
            return refusedOrLost(exchange)
        case CURLE_PARTIAL_FILE:
            return truncated(exchange)
        case CURLE_RECV_ERROR:
            // Lost after the status line: the body is what is missing.
            return exchange.status != 0 ? truncated(exchange) : refusedOrLost(exchange)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return TributaryError(.connection, "cannot resolve host \(target)")
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE:
            return TributaryError(.connection, "TLS handshake with \(target) failed")
        case CURLE_BAD_CONTENT_ENCODING:
            return TributaryError(.badResponse, "compressed body from \(target) is corrupt or truncated")
        case CURLE_UNSUPPORTED_PROTOCOL:
            return TributaryError(
                .badResponse, "only http and https URLs are fetched (not \(exchange.url.scheme ?? "this scheme"))")
        default:
            let reason = String(cString: tributary_curl_easy_strerror(code))
            return TributaryError(.connection, "request to \(target) failed: \(Redaction.redact(reason))")
        }
    }

    private static func refusedOrLost(_ exchange: CurlExchange) -> TributaryError {
        let through = exchange.proxy.map { " through the proxy \($0.address) (from \($0.variable))" } ?? ""
        return TributaryError(
            .connection, "cannot connect to \(target(exchange))\(through): connection refused or lost")
    }

    private static func truncated(_ exchange: CurlExchange) -> TributaryError {
        let declared = exchange.headers["content-length"].map { " of \($0)" } ?? ""
        return TributaryError(
            .badResponse,
            "connection closed before the body was complete (truncated after \(exchange.body.count)\(declared) bytes)")
    }

    private static func target(_ exchange: CurlExchange) -> String {
        "\(exchange.url.host ?? "?")\(exchange.url.port.map { ":\($0)" } ?? "")"
    }
}
