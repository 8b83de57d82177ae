import Foundation
import Tributary

/// POSTs a webhook's batches through the run's `HTTPClient`, signed when the hook has a
/// secret. A 2xx answer takes the batch; a 5xx answer or a network error is tried again,
/// after `backoff` (waited on the client's clock), up to `attempts` times in all; any other
/// answer fails at once. A POST never follows a redirect (`HTTPRequest.sendsBody`), so the
/// items never reach another host.
struct WebhookSender: Sendable {
    let hook: Hook
    let url: URL
    let http: HTTPClient
    let template: WebhookTemplate?

    /// Tries of one batch within a run.
    static let attempts = 3
    /// The wait before the second try; each later one doubles it.
    static let backoff = Duration.seconds(1)
    /// The most items one request carries.
    static let maxBatchCount = 100

    func deliver(_ lines: [String], run: HookRun) async -> DeliveryOutcome {
        let body = WebhookBody(lines: lines, run: run, template: template)
        var headers = ["Content-Type": body.contentType]
        if let secret = hook.secret {
            headers[WebhookSignature.header] = WebhookSignature.value(of: body.data, secret: secret)
        }
        let request = HTTPRequest(
            post: url, body: HTTPBody(data: body.data, contentType: body.contentType), headers: headers)
        var wait = Self.backoff
        var failure = ""
        for attempt in 1...Self.attempts {
            if attempt > 1 {
                do { try await http.clock.sleep(for: wait) } catch { return DeliveryOutcome(failure: "cancelled") }
                wait *= 2
            }
            do {
                let response = try await http.send(request)
                if (200..<300).contains(response.status) { return .delivered }
                failure = "answered HTTP \(response.status)"
                if (300..<400).contains(response.status) { failure += "; a webhook's redirect is never followed" }
                guard response.status >= 500 else { return DeliveryOutcome(failure: failure) }
            } catch {
                let error = error as? TributaryError
                failure = scrubbed(error?.message ?? "the request failed")
                guard error?.isTransient == true else { return DeliveryOutcome(failure: failure) }
            }
        }
        return DeliveryOutcome(failure: "\(failure) (\(Self.attempts) tries)")
    }

    /// `message` without the hook's URL, which may hold a `${VAR}`'s value (a token, an
    /// ntfy topic): messages call it by the hook's name instead.
    private func scrubbed(_ message: String) -> String {
        let forms = [url.absoluteString, Redaction.redact(url.absoluteString), url.path].filter { $0.count > 1 }
        return forms.reduce(message) { $0.replacingOccurrences(of: $1, with: "the webhook") }
    }
}
