import Foundation
import Testing
import Tributary
import TributaryHooks
import TributaryNetwork
import TributaryRendering
import TributaryState
import TributaryTesting

/// `digest --mail`'s outbox: the new items once, nothing on an empty run, nothing lost to a failed send.
@Suite struct MailDeliveryTests {
    /// Keeps what it was given; fails while `failing` is set.
    final class RecordingTransport: MailTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var sent: [String] = []
        private var failure: String?

        var messages: [String] { lock.withLock { sent } }
        func fail(with reason: String?) { lock.withLock { failure = reason } }

        func send(_ message: [UInt8], with settings: MailSettings) async throws {
            try lock.withLock {
                if let failure { throw TributaryError(.connection, failure) }
                sent.append(String(decoding: message, as: UTF8.self))
            }
        }
    }

    struct Fixture {
        let store: StateStore
        let transport = RecordingTransport()
        let settings: MailSettings

        init(sendEmpty: Bool = false, retries: Int = 3) throws {
            let folder = Scratch.folder.appendingPathComponent("mail-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            store = try StateStore(path: folder.appendingPathComponent("state.sqlite"), config: "/feeds.json")
            settings = MailSettings(
                to: ["me@example.org"], from: "digest@example.org", server: URL(string: "smtp://127.0.0.1:2525")!,
                security: .none, sendEmpty: sendEmpty, retries: retries)
        }

        var clock: RunClock { RunClock(clock: ContinuousClock(), now: { MailMessageTests.date }) }

        /// A run as `digest --mail` makes it: stage, commit the items as seen, send.
        func run(_ numbers: ClosedRange<Int>, all: Bool = false) async throws -> MailReport {
            let mail = MailDelivery(settings: settings, store: store, transport: transport, clock: clock)
            let digest = HookFixture.digest(numbers)
            try mail.stage(digest, at: clock.now())
            _ = try store.remember(digest, at: clock.now())
            return await mail.deliver(MailDelivery.Contents(shown: digest, all: all))
        }

        /// The item titles of the `index`th message's text part (its quoted-printable is plain here).
        func titles(_ index: Int) -> [String] {
            let text = transport.messages[index].components(separatedBy: "Content-Type: text/html")[0]
            return text.matches(of: #/Post \d+/#).map { String($0.output) }
        }
    }

    @Test func eachRunMailsOnlyWhatIsNewAndAnEmptyRunMailsNothing() async throws {
        let fixture = try Fixture()
        #expect(try await fixture.run(1...3) == .sent(items: 3))
        #expect(fixture.titles(0) == ["Post 1", "Post 2", "Post 3"])
        #expect(fixture.transport.messages[0].contains("Subject: Morning: 3 new items\r\n"))
        #expect(fixture.transport.messages[0].contains("Date: Mon, 07 Dec 2026 14:26:43 +0000\r\n"), "the run's clock")
        #expect(try await fixture.run(1...3) == .nothingNew)
        #expect(fixture.transport.messages.count == 1)
        #expect(try await fixture.run(1...5) == .sent(items: 2))
        #expect(fixture.titles(1) == ["Post 4", "Post 5"])
    }

    @Test func sendEmptyMailsARunThatFoundNothing() async throws {
        let fixture = try Fixture(sendEmpty: true)
        _ = try await fixture.run(1...2)
        #expect(try await fixture.run(1...2) == .sent(items: 0))
        #expect(fixture.transport.messages.count == 2 && fixture.titles(1).isEmpty)
        #expect(fixture.transport.messages[1].contains("Subject: Morning: 0 new items\r\n"))
    }

    @Test func aFailedSendLosesNothingAndTheNextRunMailsItAll() async throws {
        let fixture = try Fixture()
        fixture.transport.fail(with: "cannot connect to the mail server 127.0.0.1:2525")
        let failed = try await fixture.run(1...2)
        #expect(failed == .failed(reason: "cannot connect to the mail server 127.0.0.1:2525", waiting: 2, givenUp: 0))
        #expect(
            failed.message
                == "tributary: mail not sent: cannot connect to the mail server 127.0.0.1:2525; 2 items wait for the next run"
        )
        fixture.transport.fail(with: nil)
        #expect(try await fixture.run(1...3) == .sent(items: 3))
        #expect(fixture.titles(0) == ["Post 1", "Post 2", "Post 3"], "the first run's items, and the new one, once")
    }

    @Test func itemsAreGivenUpOnceTheirRetriesAreSpent() async throws {
        let fixture = try Fixture(retries: 1)
        fixture.transport.fail(with: "down")
        let first = try await fixture.run(1...1)
        #expect(first == .failed(reason: "down", waiting: 1, givenUp: 0))
        #expect(first.message == "tributary: mail not sent: down; 1 item waits for the next run")
        let second = try await fixture.run(1...1)
        #expect(second == .failed(reason: "down", waiting: 1, givenUp: 1))
        #expect(second.message == "tributary: mail not sent: down; 1 given up after its retries")
        fixture.transport.fail(with: nil)
        #expect(try await fixture.run(1...2) == .sent(items: 1))
        #expect(fixture.titles(0) == ["Post 2"])
    }

    @Test func allMailsTheWholeDigestWhenSomethingIsNew() async throws {
        let fixture = try Fixture()
        _ = try await fixture.run(1...2)
        #expect(try await fixture.run(1...2, all: true) == .nothingNew, "nothing new: nothing sent, even with all")
        #expect(try await fixture.run(1...3, all: true) == .sent(items: 3))
        #expect(fixture.titles(1) == ["Post 1", "Post 2", "Post 3"])
    }

    /// The HTML part of a sent message, decoded.
    static func html(of message: String) -> String {
        let part = message.components(separatedBy: "Content-Transfer-Encoding: base64\r\n\r\n")[1]
        let base64 = part.components(separatedBy: "\r\n--")[0].replacingOccurrences(of: "\r\n", with: "")
        return String(decoding: Data(base64Encoded: base64) ?? Data(), as: UTF8.self)
    }

    @Test func thumbnailsAreLinksUnlessEmbedded() async throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 24))
        let images = try await LocalHTTPServer.start { _ in .body(png, contentType: "image/png") }
        defer { Task { await images.shutdown() } }
        let fixture = try Fixture()
        let thumbnail = try #require(URL(string: "\(images.baseURL)/t.png"))
        var digest = HookFixture.digest(1...1)
        digest.items[0].thumbnail = thumbnail
        let mail = MailDelivery(
            settings: fixture.settings, store: fixture.store, transport: fixture.transport, clock: fixture.clock)
        try mail.stage(digest, at: fixture.clock.now())
        #expect(await mail.deliver(MailDelivery.Contents(shown: digest, all: true)) == .sent(items: 1))
        let linked = Self.html(of: fixture.transport.messages[0])
        #expect(linked.contains(thumbnail.absoluteString) && !linked.contains("data:image/png"))
        digest.items[0].id = "item-2"
        try mail.stage(digest, at: fixture.clock.now())
        let client = HTTPClient(transport: CurlTransport(userAgent: HTTPClient.userAgent), timeout: .seconds(5))
        let embedder = ImageEmbedder(fetcher: ThumbnailFetcher(sharing: client))
        #expect(await mail.deliver(MailDelivery.Contents(shown: digest, embedder: embedder)) == .sent(items: 1))
        let embedded = Self.html(of: fixture.transport.messages[1])
        #expect(embedded.contains("data:image/png;base64,\(png.base64EncodedString())"))
    }
}
