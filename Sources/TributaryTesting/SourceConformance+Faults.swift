import Foundation
import Tributary

/// Upstream misbehaving: error statuses, garbage, a caller that gives up.
extension SourceConformance {
    /// A faulty answer and the words the source's error must contain to name it (garbage: every
    /// source says what it was "not": "not its JSON", "not a feed", "not a session").
    struct Fault {
        let response: ServedResponse
        let naming: [String]
    }

    static let faults: [Fault] = [
        Fault(
            response: .text(#"{"error": "no such thing"}"#, contentType: "application/json", status: 404),
            naming: ["404"]),
        Fault(response: .text("upstream is down", status: 503), naming: ["503"]),
        Fault(response: .text("\u{1}<<garbage {{ unreadable", contentType: "application/json"), naming: ["not "]),
    ]

    /// Each faulty answer fails the source with a `TributaryError` whose message names the fault.
    func checkFaultyAnswers() async throws {
        guard let api = api.value else { return }
        for fault in Self.faults {
            let server = try await LocalHTTPServer.start { _ in fault.response }
            defer { Task { await server.shutdown() } }
            let json = try entry(aimedAt: server, api)
            do {
                let updates = try await updates(json, environment: secretEnvironment, transport: network)
                throw Failure("status \(fault.response.status) succeeded with \(updates.last?.items.count ?? 0) items")
            } catch let error as TributaryError {
                let missing = fault.naming.filter { !error.message.contains($0) }
                guard !error.message.isEmpty, missing.isEmpty, error.code != .cancelled else {
                    throw Failure(
                        "status \(fault.response.status) failed with \"\(error.message)\", not naming \(missing)")
                }
            }
        }
    }

    /// Cancelling the subscriber while the server holds the first request ends it promptly.
    func checkCancellation() async throws {
        guard let api = api.value else { return }
        let server = try await LocalHTTPServer.start { _ in ServedResponse(body: Data("{}".utf8), delay: .seconds(120))
        }
        defer { Task { await server.shutdown() } }
        let json = try entry(aimedAt: server, api)
        let subscription = Task {
            try await updates(json, environment: secretEnvironment, transport: network, timeout: .seconds(100))
        }
        await yieldUntil(within: .seconds(30)) { !server.requests.isEmpty }
        guard let first = server.requests.first else { throw Failure("the source sent no request within 30 s") }
        guard first.path == api.firstPath else {
            throw Failure("the first request hit \(first.path), not \(api.firstPath)")
        }
        subscription.cancel()
        let cancelled = ContinuousClock.now
        let outcome = await subscription.result
        // Generous by design (sanitizer runs on two busy cores); the server would hold the request 120 s.
        guard ContinuousClock.now - cancelled < .seconds(20) else {
            throw Failure("the request outlived its cancellation")
        }
        if case .success(let updates) = outcome, let last = updates.last, !last.items.isEmpty {
            throw Failure("a cancelled subscription answered \(last.items.count) items")
        }
    }
}
