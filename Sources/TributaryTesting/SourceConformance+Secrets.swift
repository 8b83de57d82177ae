import Foundation
import Tributary
import TributaryNetwork

/// A secret reaches upstream and nothing else: not the updates, the errors or the recordings.
extension SourceConformance {
    /// Runs against a healthy answer and against one echoing the request back, recording
    /// both; the fake secret must reach the server and appear nowhere the user can see.
    func checkSecretNeverLeaks() async throws {
        guard let secret = secret.value, let api = api.value else { return }
        let healthy = try Self.recorded(api)
        try await checkLeaks(secret, api) { _ in healthy }
        try await checkLeaks(secret, api) { request in
            let echo =
                "\(request.method) \(request.uri)\n\(request.headers)\n\(String(decoding: request.body, as: UTF8.self))"
            return .text(echo, status: 401)
        }
    }

    private func checkLeaks(_ secret: Secret, _ api: API, answering handler: @escaping LocalHTTPServer.Handler)
        async throws
    {
        let server = try await LocalHTTPServer.start(handler)
        defer { Task { await server.shutdown() } }
        let folder = Scratch.folder.appendingPathComponent("conformance-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let recorder = try RecordingTransport(recordingTo: folder, through: network)
        var seen = ""
        do {
            dump(
                try await updates(
                    entry(aimedAt: server, api), environment: [secret.variable: secret.value], transport: recorder),
                to: &seen)
        } catch {
            seen = "\(error)"
        }
        guard server.requests.contains(where: { Self.carries($0, secret.value) }) else {
            throw Failure("the secret never reached the server, so the check proves nothing")
        }
        if seen.contains(secret.value) {
            throw Failure("the secret appears in the updates or error: \(seen.prefix(300))")
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let text = String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
            if name.contains(secret.value) || text.contains(secret.value) {
                throw Failure("the secret is in the recording \(name)")
            }
        }
    }

    private static func carries(_ request: ServedRequest, _ value: String) -> Bool {
        request.uri.contains(value) || request.headers.values.contains { $0.contains(value) }
            || String(decoding: request.body, as: UTF8.self).contains(value)
    }
}
