import Foundation
import Testing
import Tributary
import TributaryTesting
import TributaryNetwork

/// A `tributary serve` started on a free port of 127.0.0.1, and requests to it through
/// Tributary's own HTTP client.
struct ServeHarness {
    let running: TributaryBinary.Running
    let errors: OutputLines
    let base: URL

    /// Starts `serve` on `config` with its own state store (beside `config` unless `state`
    /// says where), `environment` added to a plain one; waits for it to listen.
    static func start(
        config: URL, extra: [String] = [], environment: [String: String] = [:], state: String? = nil
    ) async throws -> ServeHarness {
        let state = state ?? config.deletingLastPathComponent().appendingPathComponent("state.sqlite").path
        let running = try TributaryBinary.start(
            ["serve", "--config", config.path, "--no-cache", "--state", state, "--port", "0"] + extra,
            environment: environment)
        let errors = OutputLines(running.err)
        let prefix = "tributary: serving "
        let listening = try await errors.wait(upTo: .seconds(60)) { $0.contains { $0.hasPrefix(prefix) } }
        #expect(listening, "serve did not start: \(errors.all)")
        let line = errors.all.first { $0.hasPrefix(prefix) } ?? "\(prefix)http://127.0.0.1:9/"
        return ServeHarness(running: running, errors: errors, base: URL(string: String(line.dropFirst(prefix.count)))!)
    }

    /// Sends a request and returns the response, whatever its status.
    func send(
        _ path: String, method: String = "GET", headers: [String: String] = [:], body: String? = nil
    ) async throws -> HTTPResponse {
        var request = HTTPRequest(
            url: URL(string: path, relativeTo: base)!.absoluteURL, method: method, headers: headers)
        if let body { request.body = HTTPBody(data: Data(body.utf8), contentType: "application/json") }
        let client = HTTPClient(transport: CurlTransport(userAgent: "serve-test"), timeout: .seconds(30))
        return try await client.send(request)
    }

    /// The token in the page's `<meta name="tributary-token">`.
    func token() async throws -> String {
        let page = String(decoding: try await send("/").body, as: UTF8.self)
        let marker = #"<meta name="tributary-token" content=""#
        guard let start = page.range(of: marker) else { return "" }
        return String(page[start.upperBound...].prefix { $0 != "\"" })
    }

    /// Stops the server with SIGTERM and returns how it ended, once `errors` has every line.
    func stop() async throws -> TributaryBinary.Result {
        running.send(SIGTERM)
        return try await finish()
    }

    /// Waits for the server to end (after a signal) and for `errors` to have every line;
    /// the result's standard error is `errors`' text.
    func finish() async throws -> TributaryBinary.Result {
        let result = try await running.finish(readingErrors: false)
        _ = try await errors.waitForEnd(upTo: .seconds(30))
        return TributaryBinary.Result(status: result.status, stdout: result.stdout, stderr: errors.text)
    }
}
