import Foundation
import Testing
import Tributary
import TributaryTesting
import TributaryNetwork

/// POST requests through the real libcurl transport to a local server.
@Suite struct PostRequestTests {
    static func send(_ request: HTTPRequest) async -> Result<HTTPResponse, TributaryError> {
        do {
            return .success(try await HTTPClient(transport: CurlTransport(userAgent: "test")).send(request))
        } catch {
            return .failure(error as! TributaryError)
        }
    }

    @Test func aPOSTCarriesItsBodyAndContentType() async throws {
        let server = try await LocalHTTPServer.start { _ in .text("{}", contentType: "application/json") }
        let fields = ["identifier": "ada.bsky.social", "password": "app-pass-1234"]
        let body = HTTPBody.json(fields, secretFields: ["password"])
        let login = HTTPRequest(post: server.baseURL.appendingPathComponent("login"), body: body)
        let response = try await Self.send(login).get()
        await server.shutdown()
        #expect(response.status == 200)
        let received = try #require(server.requests.first)
        #expect(received.method == "POST")
        #expect(received.path == "/login")
        #expect(received.headers["content-type"] == "application/json")
        let sent = String(decoding: received.body, as: UTF8.self)
        #expect(sent == #"{"identifier":"ada.bsky.social","password":"app-pass-1234"}"#)
    }

    @Test func aPOSTWithoutABodySendsAnEmptyOne() async throws {
        let server = try await LocalHTTPServer.start { _ in .text("ok") }
        _ = try await Self.send(HTTPRequest(url: server.baseURL, method: "POST")).get()
        await server.shutdown()
        #expect(server.requests.map(\.method) == ["POST"])
        #expect(server.requests.first?.headers["content-length"] == "0")
    }

    @Test func aGETStaysAGETWithoutABody() async throws {
        let server = try await LocalHTTPServer.start { _ in .text("ok") }
        _ = try await Self.send(HTTPRequest(url: server.baseURL)).get()
        await server.shutdown()
        #expect(server.requests.map(\.method) == ["GET"])
        #expect(server.requests.first?.body.isEmpty == true)
    }

    @Test func aRequestWithABodyNeverFollowsARedirect() async throws {
        let other = try await LocalHTTPServer.start { _ in .text("ok") }
        let origin = try await LocalHTTPServer.start { _ in
            let moved = other.baseURL.appendingPathComponent("moved")
            return ServedResponse(status: 307, headers: ["Location": moved.absoluteString])
        }
        let body = HTTPBody.json(["password": "app-pass-1234"], secretFields: ["password"])
        let result = await Self.send(HTTPRequest(post: origin.baseURL.appendingPathComponent("login"), body: body))
        await origin.shutdown()
        await other.shutdown()
        guard case .failure(let error) = result else {
            Issue.record("the redirect was followed")
            return
        }
        #expect(error.message.contains("refused to follow a redirect of a POST"), "\(error.message)")
        #expect(error.message.contains("a request with a body never follows a redirect"), "\(error.message)")
        #expect(!error.message.contains("app-pass-1234"))
        #expect(other.requests.isEmpty, "the redirect was followed")
    }
}
