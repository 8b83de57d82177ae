import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turns URLSession's errors into `TributaryError`s that say what failed, without secrets.
enum TransportErrors {
    static func isCancellation(_ error: any Error) -> Bool {
        (error as? URLError)?.code == .cancelled
    }

    static func describe(_ error: any Error, request: HTTPRequest, limits: TransferLimits) -> TributaryError {
        let target = "\(request.url.host ?? "?")\(request.url.port.map { ":\($0)" } ?? "")"
        guard let urlError = error as? URLError else {
            return TributaryError(.connection, "request to \(target) failed", cause: Redaction.redact(String(describing: error)))
        }
        switch urlError.code {
        case .cancelled:
            return TributaryError(.cancelled, "request to \(target) was cancelled")
        case .timedOut:
            return TributaryError(.timeout, "timed out after \(Int(limits.idleTimeout.seconds)) s waiting for \(target)")
        case .cannotConnectToHost, .networkConnectionLost, .notConnectedToInternet:
            return TributaryError(.connection, "cannot connect to \(target): connection refused or lost")
        case .cannotFindHost, .dnsLookupFailed:
            return TributaryError(.connection, "cannot resolve host \(target)")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate:
            return TributaryError(.connection, "TLS handshake with \(target) failed")
        case .httpTooManyRedirects:
            return TributaryError(.badResponse, "too many redirects from \(target)")
        default:
            return TributaryError(.connection, "request to \(target) failed: \(Redaction.redact(urlError.localizedDescription))")
        }
    }
}
