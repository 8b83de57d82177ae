import Foundation
import Testing
import Tributary
import TributaryFiveHundredPx
import TributaryTesting

@Suite struct FiveHundredPxErrorTests {
    static let key = "pxKEY-7f3a9c21"
    let harness = SourceHarness(SourceType(FiveHundredPxSource.self), environment: ["FIVEHUNDREDPX_CONSUMER_KEY": key])

    func failure(_ path: String, status: Int, contentType: String = "application/json; charset=utf-8") async throws -> (
        TributaryError?, LocalHTTPServer
    ) {
        let server = try await LocalHTTPServer.start { _ in
            Fixture.response(path, in: .module, contentType: contentType, status: status)
        }
        let entry =
            #"{"id": "px", "type": "500px", "consumerKey": "${FIVEHUNDREDPX_CONSUMER_KEY}", "baseURL": "#
            + #""\#(server.baseURL)"}"#
        return (await harness.failure(entry), server)
    }

    @Test func consumerKeyMissingIsPermanentAndNamesTheFix() async throws {
        let (error, server) = try await failure("401-consumer-key-missing/body.json", status: 401)
        defer { Task { await server.shutdown() } }
        let failure = try #require(error)
        #expect(failure.code == .permanent)
        #expect(!failure.isTransient)
        #expect(failure.message.contains("(HTTP 401: Consumer key missing.)"))
        #expect(failure.message.contains("set FIVEHUNDREDPX_CONSUMER_KEY"))
        #expect(server.requests.count == 1)
        #expect(!failure.description.contains(Self.key))
    }

    @Test func authorizationRequiredIsPermanent() async throws {
        let (error, server) = try await failure("401-authorization-required/body.json", status: 401)
        defer { Task { await server.shutdown() } }
        #expect(error?.code == .permanent)
        #expect(error?.message.contains("(HTTP 401: Authorization required)") == true)
        #expect(server.requests.count == 1)
    }

    @Test func deactivatedApplicationSaysTheAPIWasShutDown() async throws {
        let (error, server) = try await failure("403-application-deactivated/body.json", status: 403)
        defer { Task { await server.shutdown() } }
        let failure = try #require(error)
        #expect(failure.code == .permanent)
        #expect(!failure.isTransient)
        #expect(
            failure.message.contains(
                """
                the application is deactivated (HTTP 403: Application is deactivated, please contact us by email: \
                help@500px.com.)
                """
            ))
        #expect(failure.message.contains("500px shut its public API down on 2018-06-15"))
        #expect(failure.message.contains("baseURL"))
        #expect(server.requests.count == 1)
        #expect(!failure.description.contains(Self.key))
    }

    @Test func serverErrorIsTransient() async throws {
        let (error, server) = try await failure(
            "500-server-error/body.html", status: 500, contentType: "text/html; charset=utf-8")
        defer { Task { await server.shutdown() } }
        #expect(error?.code == .transient)
        #expect(error?.message == "500px answered HTTP 500; try again later")
        #expect(server.requests.count == 1)
    }

    @Test func anEchoedKeyIsRedactedFromErrors() async throws {
        let body = #"{"error":"Consumer key \#(Self.key) is not valid","status":401}"#
        let server = try await LocalHTTPServer.start { _ in
            .body(Data(body.utf8), contentType: "application/json", status: 401)
        }
        defer { Task { await server.shutdown() } }
        let entry =
            #"{"id": "px", "type": "500px", "consumerKey": "${FIVEHUNDREDPX_CONSUMER_KEY}", "baseURL": "#
            + #""\#(server.baseURL)"}"#
        let failure = try #require(await harness.failure(entry))
        #expect(failure.code == .permanent)
        #expect(failure.message.contains("Consumer key *** is not valid"))
        #expect(!failure.description.contains(Self.key))
    }

    @Test func htmlInsteadOfJSONIsABadResponse() async throws {
        let (error, server) = try await failure("500-server-error/body.html", status: 200, contentType: "text/html")
        defer { Task { await server.shutdown() } }
        #expect(error?.code == .badResponse)
        #expect(error?.message.hasPrefix("500px sent something that is not a v1 photos page (text/html)") == true)
    }
}
