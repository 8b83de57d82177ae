import Crypto
import Foundation
import Testing
import Tributary
import TributaryHooks
import TributaryTesting

/// `webhook` hooks against a real receiver on loopback.
@Suite struct WebhookTests {
    /// What a receiver that knows the secret computes for `body`.
    static func expectedSignature(_ body: Data, secret: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: Data(secret.utf8)))
        return "sha256=" + code.map { String(format: "%02x", $0) }.joined()
    }

    @Test func theItemsArePostedSignedWithTheSecret() async throws {
        let receiver = try await LocalHTTPServer.start { _ in .text("ok") }
        defer { Task { await receiver.shutdown() } }
        let fixture = try HookFixture(
            hooks: #"[{"name": "ci", "webhook": "\#(receiver.baseURL)/hook", "secret": "${HOOK_SECRET}"}]"#,
            environment: ["HOOK_SECRET": "s3cret-value"])
        let reports = try await fixture.run(1...2)
        #expect(reports == [HookReport(hook: "ci").with(delivered: 2)])
        let request = try #require(receiver.requests.first)
        #expect(request.method == "POST" && request.path == "/hook")
        #expect(request.headers["content-type"] == "application/json")
        #expect(
            request.headers["x-tributary-signature"] == Self.expectedSignature(request.body, secret: "s3cret-value"))
        #expect(!String(decoding: request.body, as: UTF8.self).contains("s3cret-value"))
        let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        let items = try #require(body["items"] as? [[String: Any]])
        #expect(items.compactMap { $0["title"] as? String } == ["Post 1", "Post 2"])
        let run = try #require(body["run"] as? [String: Any])
        #expect(run["hook"] as? String == "ci" && run["title"] as? String == "Morning" && run["count"] as? Int == 2)
        _ = try await fixture.run(1...2)
        #expect(receiver.requests.count == 1, "nothing new, nothing posted")
    }

    @Test func a5xxIsTriedAgainAfterABackoffOnTheRunsClock() async throws {
        let answers = Answers([503, 502, 200])
        let receiver = try await LocalHTTPServer.start { _ in .text("", status: answers.next()) }
        defer { Task { await receiver.shutdown() } }
        let fixture = try HookFixture(hooks: #"[{"name": "ci", "webhook": "\#(receiver.baseURL)/hook"}]"#)
        let clock = ManualClock()
        let run = Task { try await fixture.run(1...1, clock: clock.runClock) }
        #expect(await clock.whenSleeping(until: .seconds(1)), "the second try waits a second")
        #expect(receiver.requests.count == 1)
        clock.advance(by: .seconds(1))
        #expect(await clock.whenSleeping(until: .seconds(3)), "the third waits two more")
        #expect(receiver.requests.count == 2)
        clock.advance(by: .seconds(2))
        let reports = try await run.value
        #expect(reports == [HookReport(hook: "ci").with(delivered: 1)])
        #expect(receiver.requests.count == 3)
    }

    @Test func aRefusalIsNotRetriedAndTheItemsWaitForTheNextRun() async throws {
        let answers = Answers([400, 200])
        let receiver = try await LocalHTTPServer.start { _ in .text("", status: answers.next()) }
        defer { Task { await receiver.shutdown() } }
        let fixture = try HookFixture(hooks: #"[{"name": "ci", "webhook": "\#(receiver.baseURL)/hook"}]"#)
        let failed = try await fixture.run(1...1)
        #expect(failed.first?.failure == "answered HTTP 400" && receiver.requests.count == 1)
        let next = try await fixture.run(1...2)
        #expect(next == [HookReport(hook: "ci").with(delivered: 2)])
        let body = try JSONSerialization.jsonObject(with: receiver.requests[1].body) as? [String: Any]
        #expect((body?["items"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["Post 1", "Post 2"])
    }

    @Test func aRedirectToAnotherHostIsNeverFollowed() async throws {
        let elsewhere = try await LocalHTTPServer.start(host: "127.0.0.2") { _ in .text("ok") }
        defer { Task { await elsewhere.shutdown() } }
        let receiver = try await LocalHTTPServer.start { _ in
            ServedResponse(status: 307, headers: ["Location": "\(elsewhere.baseURL)/stolen"])
        }
        defer { Task { await receiver.shutdown() } }
        let fixture = try HookFixture(hooks: #"[{"name": "ci", "webhook": "\#(receiver.baseURL)/hook"}]"#)
        let reports = try await fixture.run(1...1)
        #expect(reports.first?.failure != nil && reports.first?.delivered == 0, "\(reports)")
        #expect(elsewhere.requests.isEmpty)
    }

    @Test func aFailureNeverShowsTheURLsVariable() async throws {
        let closed = try await LocalHTTPServer.start { _ in .text("ok") }
        let port = try #require(closed.baseURL.port)
        await closed.shutdown()
        let fixture = try HookFixture(
            hooks: #"[{"name": "ntfy", "webhook": "http://127.0.0.1:\#(port)/${NTFY_TOPIC}"}]"#,
            environment: ["NTFY_TOPIC": "topic-0f-mine"])
        let clock = ManualClock()
        let run = Task { try await fixture.run(1...1, clock: clock.runClock) }
        #expect(await clock.whenSleeping(until: .seconds(1)))
        clock.advance(by: .seconds(1))
        #expect(await clock.whenSleeping(until: .seconds(3)))
        clock.advance(by: .seconds(2))
        let report = try #require(try await run.value.first)
        #expect(report.failure?.hasSuffix("(3 tries)") == true, "a network error is tried again: \(report)")
        #expect(report.warning?.contains("topic-0f-mine") == false, "\(report)")
    }

    @Test func aTemplateMakesTheBodyWithJSONEscaping() async throws {
        let receiver = try await LocalHTTPServer.start { _ in .text("ok") }
        defer { Task { await receiver.shutdown() } }
        let template = #"{\"text\": \"{{#items}}{{title}} {{/items}}\"}"#
        let fixture = try HookFixture(
            hooks: #"[{"name": "slack", "webhook": "\#(receiver.baseURL)/hook", "template": "\#(template)"}]"#)
        var quoted = HookFixture.digest(1...1)
        quoted.items[0] = FeedItem(
            id: "q", source: "g", sourceType: "feed", kind: .article, title: #"A "quoted" title"#)
        let delivery = try fixture.delivery()
        try delivery.stage(quoted, at: Date())
        _ = await delivery.deliver()
        let request = try #require(receiver.requests.first)
        #expect(request.headers["content-type"] == "application/json")
        let body = try JSONSerialization.jsonObject(with: request.body) as? [String: String]
        #expect(body?["text"] == #"A "quoted" title "#)
    }

    @Test func aBadTemplateIsAConfigurationErrorNamingTheHook() throws {
        let fixture = try HookFixture(hooks: #"[{"webhook": "https://ntfy.sh/x", "template": "{{#items}}unclosed"}]"#)
        #expect {
            try HookDelivery.check(fixture.config.hooks)
        } throws: { error in
            (error as? TributaryError)?.message.hasPrefix("hooks[0].template: not a Mustache template") == true
        }
    }
}

/// Statuses handed out in order, the last one for ever.
final class Answers: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [Int]

    init(_ statuses: [Int]) {
        self.statuses = statuses
    }

    func next() -> Int {
        lock.withLock { statuses.count > 1 ? statuses.removeFirst() : statuses[0] }
    }
}
