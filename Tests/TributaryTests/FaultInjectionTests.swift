import Foundation
import Testing
import Tributary
import TributaryTesting
import TributaryNetwork

/// One request per fault a hostile or broken server can commit, through the real
/// libcurl transport: each must end quickly with an error that names the fault.
@Suite struct FaultInjectionTests {
    static let cap = 1024 * 1024

    static func fault(_ path: String, _ request: ServedRequest, base: URL) -> ServedResponse {
        let json = Data(#"{"items": []}"#.utf8)
        switch path {
        case "/slow": return ServedResponse(body: json, delay: .seconds(120))
        case "/truncated":
            return ServedResponse(
                headers: ["Content-Type": "application/json"], body: Data(repeating: 0x20, count: 10_000),
                ending: .truncated(afterBytes: 100))
        case "/endless": return ServedResponse(headers: ["Content-Type": "application/json"], ending: .endless)
        case "/huge": return .body(Data(repeating: 0x20, count: cap * 3), contentType: "application/json")
        case "/bomb":
            return ServedResponse(
                headers: ["Content-Type": "application/json"], body: Data(repeating: 0x20, count: 64 * cap),
                encoding: .gzip(labelled: true))
        case "/bomb-unlabelled":
            return ServedResponse(
                headers: ["Content-Type": "application/json"], body: Data(repeating: 0x20, count: 64 * cap),
                encoding: .gzip(labelled: false))
        case "/loop": return ServedResponse(status: 302, headers: ["Location": "/loop"])
        case "/to-file": return ServedResponse(status: 302, headers: ["Location": "file:///etc/passwd"])
        default: return .text("ok")
        }
    }

    func send(_ path: String, timeout: Duration = .seconds(20)) async throws -> Result<HTTPResponse, TributaryError> {
        let server = try await LocalHTTPServer.start { request in
            Self.fault(request.path, request, base: URL(string: "http://x")!)
        }
        defer { Task { await server.shutdown() } }
        let client = HTTPClient(
            transport: CurlTransport(userAgent: HTTPClient.userAgent), limits: TransferLimits(maxBodySize: Self.cap),
            timeout: timeout
        )
        do {
            return .success(
                try await client.send(HTTPRequest(url: server.baseURL.appendingPathComponent(String(path.dropFirst()))))
            )
        } catch let error as TributaryError {
            return .failure(error)
        }
    }

    func failure(_ path: String, timeout: Duration = .seconds(20)) async throws -> TributaryError {
        switch try await send(path, timeout: timeout) {
        case .success(let response):
            let start = String(decoding: response.body.prefix(60), as: UTF8.self)
            let size = response.body.count
            Issue.record("\(path) succeeded with \(response.status), \(size) bytes: \(start) \(response.headers)")
            return TributaryError(.transient, "")
        case .failure(let error): return error
        }
    }

    @Test func slowServerTimesOutAtTheDeadline() async throws {
        let started = ContinuousClock.now
        let error = try await failure("/slow", timeout: .milliseconds(500))
        #expect(error.code == .timeout)
        #expect(error.message == "timed out after 0.5 s waiting for 127.0.0.1")
        #expect(
            ContinuousClock.now - started < .seconds(60),
            """
            bounded by the deadline, not by the 120 s server (room left for sanitizer runs, where a 0.5 s deadline \
            was seen to fire after 26 s)
            """
        )
    }

    @Test func truncatedBodyIsNamed() async throws {
        let error = try await failure("/truncated")
        #expect(error.code == .badResponse)
        #expect(error.message.contains("truncated"), "\(error.message)")
    }

    @Test(arguments: ["/endless", "/huge"])
    func oversizedBodiesStopAtTheCap(path: String) async throws {
        let error = try await failure(path)
        #expect(error.code == .badResponse)
        #expect(error.message.hasPrefix("response larger than 1 MB cap"), "\(error.message)")
    }

    @Test func compressionBombStopsAtTheCapAndSaysSo() async throws {
        let error = try await failure("/bomb")
        #expect(error.code == .badResponse)
        #expect(
            error.message.hasPrefix("body inflates past the 1 MB cap (gzip, a compression bomb?)"), "\(error.message)")
    }

    /// The transport stops reading at the cap even while another transfer keeps the
    /// connection machinery busy: the server could write little more than the cap and
    /// the kernel's socket buffers before the client hung up (the server's own bound is 256 MB).
    @Test(.timeLimit(.minutes(1))) func endlessBodyBesideASlowOneStopsReadingAtTheCap() async throws {
        let server = try await LocalHTTPServer.start { request in
            Self.fault(request.path, request, base: URL(string: "http://x")!)
        }
        let client = HTTPClient(
            transport: CurlTransport(userAgent: HTTPClient.userAgent), limits: TransferLimits(maxBodySize: Self.cap),
            timeout: .seconds(3))
        let slow = Task { try? await client.send(HTTPRequest(url: server.baseURL.appendingPathComponent("slow"))) }
        await yieldUntil { !server.requests.isEmpty }  // the slow transfer is under way
        let endless = try? await client.send(HTTPRequest(url: server.baseURL.appendingPathComponent("endless")))
        #expect(endless == nil, "an endless body is refused")
        await yieldUntil { server.endlessBodiesEnded > 0 }  // the server saw the client hang up
        let written = server.endlessBytesWritten
        #expect(written < 24 * Self.cap, "the server wrote \(written) bytes before the client stopped reading")
        slow.cancel()
        _ = await slow.value
        await server.shutdown()
    }

    @Test func cancellingTheCallerStopsTheTransfer() async throws {
        let server = try await LocalHTTPServer.start { request in
            Self.fault(request.path, request, base: URL(string: "http://x")!)
        }
        let client = HTTPClient(transport: CurlTransport(userAgent: HTTPClient.userAgent), timeout: .seconds(60))
        let request = Task { try await client.send(HTTPRequest(url: server.baseURL.appendingPathComponent("slow"))) }
        await yieldUntil { !server.requests.isEmpty }  // the transfer is under way
        request.cancel()
        do {
            let response = try await request.value
            Issue.record("a cancelled request answered \(response.status)")
        } catch {
            #expect((error as? TributaryError)?.code == .cancelled || error is CancellationError, "\(error)")
        }
        await server.shutdown()
    }

    @Test func unlabelledBombIsCappedWhenInflated() async throws {
        let error = try await failure("/bomb-unlabelled")
        #expect(error.code == .badResponse)
        #expect(error.message.hasPrefix("body inflates past the 1 MB cap"), "\(error.message)")
    }

    @Test func redirectLoopStopsAfterFive() async throws {
        let error = try await failure("/loop")
        #expect(error.message == "more than 5 redirects (a redirect loop?)")
    }

    @Test func redirectToAFileIsRefused() async throws {
        let error = try await failure("/to-file")
        #expect(error.code == .badResponse || error.code == .connection)
        #expect(error.message.contains("only http and https") || error.message.contains("file"), "\(error.message)")
    }
}
