import Foundation
import Tributary

/// Sends mail through libcurl's SMTP support: one connection per message, on a thread of
/// its own (`curl_easy_perform` blocks), TLS required unless feeds.json allowed clear
/// text to this machine, the server's certificate always verified (against `caFile`
/// when given). Cancelling the calling task stops the send.
public struct CurlMailTransport: MailTransport {
    public init() {}

    public func send(_ message: [UInt8], with settings: MailSettings) async throws {
        let exchange = SMTPExchange(message: message, settings: settings)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let thread = Thread { continuation.resume(with: exchange.perform().mapError { $0 }) }
                thread.name = "tributary-smtp"
                thread.start()
            }
        } onCancel: {
            exchange.cancel()
        }
    }
}
