import Foundation
import Testing
@testable import Tributary
import TributaryTesting
@testable import TributaryNetwork

/// Where redirects may take a request, and what they may carry there, through the real
/// libcurl transport between local servers.
@Suite struct RedirectSecurityTests {
    static let token = Secret("tok-0123456789abcdef")

    /// A transport that judges 127.0.0.1 as a public address, so a server there plays a
    /// public host; every other address is judged as it really is.
    static func transport(allowPrivateRedirects: Bool = false) -> CurlTransport {
        CurlTransport(userAgent: "test", allowPrivateRedirects: allowPrivateRedirects) { address in
            address == "127.0.0.1" ? .public : AddressScope.of(address)
        }
    }

    static func send(_ url: URL, transport: CurlTransport, secret: Bool = true) async -> Result<
        HTTPResponse, TributaryError
    > {
        let request = HTTPRequest(url: url, secretHeaders: secret ? ["Authorization": token] : [:])
        do {
            return .success(try await HTTPClient(transport: transport, timeout: .seconds(20)).send(request))
        } catch {
            return .failure(error as! TributaryError)
        }
    }

    /// A server that redirects every request to `target`.
    static func redirecting(to target: @escaping @Sendable () -> String) async throws -> LocalHTTPServer {
        try await LocalHTTPServer.start { _ in ServedResponse(status: 301, headers: ["Location": target()]) }
    }

    @Test func secretHeadersStayBehindWhenTheRedirectChangesPort() async throws {
        let other = try await LocalHTTPServer.start { _ in .text("ok") }
        let origin = try await Self.redirecting { other.baseURL.appendingPathComponent("next").absoluteString }
        let result = await Self.send(origin.baseURL, transport: CurlTransport(userAgent: "test"))
        #expect((try? result.get())?.status == 200)
        #expect(other.requests.count == 1)
        #expect(other.requests.first?.headers["authorization"] == nil, "the token went to another origin")
        #expect(origin.requests.first?.headers["authorization"] == "tok-0123456789abcdef")
    }

    @Test func anOmittedDefaultPortIsTheSameOriginButAnotherSchemeIsNot() {
        let plain = URL(string: "http://api.example.org/x")!
        #expect(RedirectPolicy.sameOrigin(plain, URL(string: "http://API.example.org:80/y")!))
        #expect(RedirectPolicy.sameOrigin(URL(string: "https://a.org/")!, URL(string: "https://a.org:443/b")!))
        #expect(!RedirectPolicy.sameOrigin(URL(string: "https://a.org/")!, URL(string: "http://a.org/")!))
        #expect(!RedirectPolicy.sameOrigin(URL(string: "https://a.org/")!, URL(string: "https://a.org:8443/")!))
    }

    @Test func httpsToHttpIsRefusedForARequestCarryingSecrets() throws {
        let from = URL(string: "https://api.stackexchange.com/2.3/questions")!
        let moved = CurlExchange.Response(
            status: 301, headers: ["location": "http://api.stackexchange.com/2.3/questions"], body: Data())
        #expect(throws: TributaryError.self) {
            try RedirectPolicy.next(after: moved, from: from, carryingSecrets: true)
        }
        do {
            _ = try RedirectPolicy.next(after: moved, from: from, carryingSecrets: true)
        } catch let error as TributaryError {
            #expect(
                error.message.contains("refused a redirect from https to http://api.stackexchange.com/2.3/questions"))
            #expect(error.message.contains("never sent over plain http"))
        }
        let followed = try RedirectPolicy.next(after: moved, from: from, carryingSecrets: false)
        #expect(followed?.absoluteString == "http://api.stackexchange.com/2.3/questions")
    }

    @Test func urlCredentialsCountAsSecrets() {
        #expect(HTTPRequest(url: URL(string: "https://me:pw@host/feed")!).carriesSecrets)
        #expect(HTTPRequest(url: URL(string: "https://host/feed")!, secretQuery: ["key": Self.token]).carriesSecrets)
        #expect(!HTTPRequest(url: URL(string: "https://host/feed")!).carriesSecrets)
    }

    @Test(arguments: ["http://127.0.0.2:PORT/inside", "http://2130706434:PORT/inside", "http://0x7f000002:PORT/inside"])
    func aPublicServerCannotRedirectIntoLoopback(target: String) async throws {
        let inside = try await LocalHTTPServer.start(host: "127.0.0.2") { _ in .text("secret inside") }
        let port = inside.baseURL.port!
        let origin = try await Self.redirecting { target.replacingOccurrences(of: "PORT", with: String(port)) }
        let result = await Self.send(origin.baseURL, transport: Self.transport(), secret: false)
        guard case .failure(let error) = result else {
            Issue.record("followed the redirect into 127.0.0.2")
            return
        }
        #expect(inside.requests.isEmpty, "a request reached the inside server")
        #expect(error.message.contains("refused a redirect from 127.0.0.1 to"), "\(error.message)")
        #expect(error.message.contains("127.0.0.2"), "names the address it resolved to: \(error.message)")
        #expect(error.message.contains("a loopback address"))
        #expect(error.message.contains("\"allowPrivateRedirects\": true"))
    }

    @Test func allowPrivateRedirectsFollowsThem() async throws {
        let inside = try await LocalHTTPServer.start(host: "127.0.0.2") { _ in .text("inside") }
        let origin = try await Self.redirecting { inside.baseURL.appendingPathComponent("x").absoluteString }
        let result = await Self.send(
            origin.baseURL, transport: Self.transport(allowPrivateRedirects: true), secret: false)
        #expect((try? result.get())?.body == Data("inside".utf8))
    }

    @Test func aURLTheUserWroteMayBeLoopback() async throws {
        let inside = try await LocalHTTPServer.start(host: "127.0.0.2") { _ in .text("local feed") }
        let result = await Self.send(inside.baseURL, transport: Self.transport(), secret: false)
        #expect((try? result.get())?.body == Data("local feed".utf8))
    }

    @Test func aFailureAfterRedirectsNamesTheHostThatAnswered() async throws {
        let gone = try await LocalHTTPServer.start(host: "127.0.0.3") { _ in .text("no", status: 404) }
        let origin = try await Self.redirecting { gone.baseURL.appendingPathComponent("moved.xml").absoluteString }
        let response = try await Self.send(origin.baseURL, transport: CurlTransport(userAgent: "test"), secret: false)
            .get()
        #expect(throws: TributaryError.self) { try response.requireSuccess() }
        do { try response.requireSuccess() } catch let error as TributaryError {
            #expect(
                error.message.contains("redirected to http://127.0.0.3:\(gone.baseURL.port!)/moved.xml"),
                "\(error.message)")
        }
    }

    @Test(arguments: [
        ("127.0.0.1", AddressScope.loopback), ("127.255.0.9", .loopback), ("::1", .loopback),
        ("::ffff:127.0.0.1", .loopback),
        ("169.254.169.254", .linkLocal), ("fe80::1", .linkLocal), ("10.1.2.3", .private), ("172.16.0.1", .private),
        ("172.31.255.255", .private), ("192.168.1.1", .private), ("fd00::1", .private), ("100.64.0.1", .private),
        ("0.0.0.0", .reserved), ("::", .reserved), ("224.0.0.1", .reserved), ("not an address", .reserved),
        ("172.32.0.1", .public), ("8.8.8.8", .public), ("2606:4700::1111", .public), ("93.184.216.34", .public),
    ])
    func addressesAreJudgedByRange(address: String, scope: AddressScope) {
        #expect(AddressScope.of(address) == scope)
    }
}
