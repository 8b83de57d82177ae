import Foundation
import Testing
import Tributary
import TributaryTesting
import TributaryNetwork

/// A login (a POST whose body holds a password, answered with tokens) recorded, replayed
/// and cached: no password and no token ever reaches the disk.
@Suite struct SecretExchangeTests {
    static let password = "app-pass-wxyz-1234"
    static let accessJwt = "eyJhbGciOiJIUzI1NiJ9.access-payload.signature0"
    static let refreshJwt = "eyJhbGciOiJIUzI1NiJ9.refresh-payload.signature1"
    static let session =
        #"{"did":"did:plc:ada","handle":"ada.bsky.social","#
        + #""accessJwt":"\#(accessJwt)","refreshJwt":"\#(refreshJwt)"}"#

    static func folder(_ name: String) -> URL {
        Scratch.folder.appendingPathComponent("tributary-\(name)-\(UUID().uuidString)")
    }

    /// The login request, with `password` in its body.
    static func login(_ base: URL, password: String = password) -> HTTPRequest {
        let body = HTTPBody.json(["identifier": "ada.bsky.social", "password": password], secretFields: ["password"])
        let url = base.appendingPathComponent("createSession")
        return HTTPRequest(post: url, body: body, secretResponseFields: ["accessJwt", "refreshJwt"])
    }

    static func recorder(to folder: URL) throws -> HTTPClient {
        HTTPClient(transport: try RecordingTransport(recordingTo: folder, through: CurlTransport(userAgent: "test")))
    }

    static func cachingClient(in folder: URL) throws -> HTTPClient {
        HTTPClient(transport: try CachingTransport(cachingIn: folder, through: CurlTransport(userAgent: "test")))
    }

    /// Every file in `folder`, as text.
    static func contents(of folder: URL) throws -> String {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            .map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
    }

    @Test func aRecordedLoginHoldsNoPasswordAndNoToken() async throws {
        let server = try await LocalHTTPServer.start { _ in .text(Self.session, contentType: "application/json") }
        let folder = Self.folder("rec")
        let recorder = try Self.recorder(to: folder)
        let live = try await recorder.send(Self.login(server.baseURL))
        await server.shutdown()
        #expect(String(decoding: live.body, as: UTF8.self).contains(Self.accessJwt), "the source itself gets the token")
        let stored = try Self.contents(of: folder)
        #expect(!stored.contains(Self.password))
        #expect(!stored.contains("signature"), "a JWT was recorded")
        #expect(stored.contains(#""accessJwt":"***""#))
        #expect(stored.contains(#""handle":"ada.bsky.social""#), "fields that are not secret stay")
        #expect(stored.contains(#""method" : "POST""#))
    }

    @Test func aRecordedLoginReplaysWithAPlaceholderPassword() async throws {
        let server = try await LocalHTTPServer.start { _ in .text(Self.session, contentType: "application/json") }
        let folder = Self.folder("rec")
        let recorder = try Self.recorder(to: folder)
        _ = try await recorder.send(Self.login(server.baseURL))
        await server.shutdown()
        let replay = HTTPClient(transport: try ReplayTransport(folder: folder))
        let replayed = try await replay.send(Self.login(server.baseURL, password: "replay"))
        #expect(replayed.status == 200)
        #expect(String(decoding: replayed.body, as: UTF8.self).contains(#""handle":"ada.bsky.social""#))
    }

    @Test func postsWithDifferentPublicBodiesReplayApart() async throws {
        let server = try await LocalHTTPServer.start { request in
            .text("echo " + String(decoding: request.body, as: UTF8.self))
        }
        let folder = Self.folder("rec")
        let recorder = try Self.recorder(to: folder)
        let url = server.baseURL.appendingPathComponent("graphql")
        let requests = ["a", "b"].map { HTTPRequest(post: url, body: .json(["q": $0])) }
        for request in requests { _ = try await recorder.send(request) }
        await server.shutdown()
        let replay = HTTPClient(transport: try ReplayTransport(folder: folder))
        let responses = try await [replay.send(requests[0]), replay.send(requests[1])]
        let answers = responses.map { String(decoding: $0.body, as: UTF8.self) }
        #expect(answers == [#"echo {"q":"a"}"#, #"echo {"q":"b"}"#])
    }

    @Test func aPOSTIsNeverCachedNorRevalidated() async throws {
        let server = try await LocalHTTPServer.start { _ in
            .body(Data(Self.session.utf8), contentType: "application/json", headers: ["ETag": "\"v1\""])
        }
        let folder = Self.folder("cache")
        let client = try Self.cachingClient(in: folder)
        _ = try await client.send(Self.login(server.baseURL))
        _ = try await client.send(Self.login(server.baseURL))
        await server.shutdown()
        #expect(server.requests.map { $0.headers["if-none-match"] } == [nil, nil])
        let cached = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("http").path)
        #expect(cached.isEmpty, "\(cached)")
    }

    @Test func aGETWhoseResponseHoldsSecretFieldsIsNotCached() async throws {
        let server = try await LocalHTTPServer.start { _ in
            .body(Data(Self.session.utf8), contentType: "application/json", headers: ["ETag": "\"v1\""])
        }
        let folder = Self.folder("cache")
        let client = try Self.cachingClient(in: folder)
        var request = HTTPRequest(url: server.baseURL.appendingPathComponent("getSession"))
        request.secretResponseFields = ["accessJwt", "refreshJwt"]
        _ = try await client.send(request)
        await server.shutdown()
        #expect(try Self.contents(of: folder.appendingPathComponent("http")).isEmpty)
    }
}
