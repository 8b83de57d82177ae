import Foundation
import Testing
import Tributary
import TributaryNetwork
import TributaryTesting

/// Bodies compressed without a `Content-Encoding` reach sources inflated, once, by the
/// transports, within `TransferLimits.maxBodySize`; text that only starts like zlib
/// reaches them as it was sent.
@Suite struct BodyInflationTests {
    static let json = Data(#"{"items": [{"title": "plain"}]}"#.utf8)

    func fetch(_ response: ServedResponse) async throws -> Result<HTTPResponse, TributaryError> {
        let server = try await LocalHTTPServer.start { _ in response }
        defer { Task { await server.shutdown() } }
        let client = HTTPClient(
            transport: CurlTransport(userAgent: HTTPClient.userAgent), limits: TransferLimits(maxBodySize: 1 << 20),
            timeout: .seconds(20))
        do {
            return .success(try await client.send(HTTPRequest(url: server.baseURL.appendingPathComponent("body"))))
        } catch let error as TributaryError {
            return .failure(error)
        }
    }

    @Test(arguments: [TestCompression.gzip(json), TestCompression.deflate(json)])
    func anUnlabelledCompressedBodyArrivesInflated(body: Data) async throws {
        let response = try await fetch(ServedResponse(headers: ["Content-Type": "application/json"], body: body)).get()
        #expect(response.body == Self.json)
    }

    @Test func textThatOnlyStartsLikeZlibArrivesAsSent() async throws {
        let text = Data("x^2 is x squared".utf8)  // 0x78 0x5E: a zlib header's two bytes
        let response = try await fetch(.body(text, contentType: "text/plain")).get()
        #expect(response.body == text)
    }

    @Test func aCorruptUnlabelledGzipBodyFails() async throws {
        let body = TestCompression.gzip(Self.json).prefix(12) + Data(repeating: 0xAA, count: 40)
        let result = try await fetch(.body(body, contentType: "application/json"))
        #expect(throws: TributaryError.self) { try result.get() }
    }

    @Test func aReplayedCompressedBodyIsInflatedWithinTheCap() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, body) in [("small", Self.json), ("bomb", Data(repeating: 0x20, count: 2 << 20))] {
            let recording =
                #"{"request": {"method": "GET", "url": "https://example.org/\#(name)"}, "status": 200, "#
                + #""headers": {"content-type": "application/json"}, "body": "\#(name).body.json"}"#
            try Data(recording.utf8).write(to: folder.appendingPathComponent("\(name).json"))
            try TestCompression.gzip(body).write(to: folder.appendingPathComponent("\(name).body.json"))
        }
        let replay = try ReplayTransport(folder: folder)
        let limits = TransferLimits(maxBodySize: 1 << 20)
        let small = try await replay.perform(
            HTTPRequest(url: URL(string: "https://example.org/small")!), limits: limits)
        #expect(small.body == Self.json)
        do {
            _ = try await replay.perform(HTTPRequest(url: URL(string: "https://example.org/bomb")!), limits: limits)
            Issue.record("a body inflating past the cap was replayed")
        } catch let error as TributaryError {
            #expect(error.message.hasPrefix("body inflates past the 1 MB cap"), "\(error.message)")
        }
    }
}
