import Foundation
import Testing
import TributaryTesting

/// `tributary serve` in a real headless Chromium, against feeds on 127.0.0.1: the items
/// show, a post added upstream arrives through SSE after Refresh (the button disabled
/// meanwhile) without a reload and marked new, typing filters, a failing source's
/// reason is on its chip, and an item without a link is marked read by its button and
/// hidden by "Unread only".
@Suite(.serialized) struct ServeBrowserTests {
    @Test func refreshBringsANewPostWithoutAReloadAndTypingFilters() async throws {
        guard let chromium = Chromium.require() else { return }
        let feed = StateRunTests.GrowingFeed()
        let harness = try await HarnessServer.start { request in
            switch request.path {
            case "/feed.xml": return .text(feed.body, contentType: "application/rss+xml")
            case "/nolink.xml": return .text(Self.linklessFeed, contentType: "application/rss+xml")
            case "/grow":
                feed.grow(by: 1)
                return .text("grown")
            default: return nil
            }
        }
        defer { Task { await harness.shutdown() } }
        let server = harness.server
        let config = try TributaryBinary.config(
            #"""
            {"title": "Live", "sources": [{"id": "g", "type": "feed", "url": "\#(server.baseURL)/feed.xml"},
                                         {"id": "bad", "type": "feed", "url": "\#(server.baseURL)/missing.xml"},
                                         {"id": "n", "type": "feed", "url": "\#(server.baseURL)/nolink.xml"}]}
            """#)
        let serve = try await ServeHarness.start(config: config)
        let seen = try await harness.run(
            ServeBrowserHarness.page(serve: serve.base), in: chromium, as: ServeBrowserHarness.Results.self)
        #expect(seen.error == nil, "\(seen.error ?? "")")
        #expect(seen.framedPageShown == false, "another site's frame shows nothing of serve's page")
        #expect(seen.itemsAtStart == 4)
        #expect(seen.disabledWhileRunning == true && seen.labelWhileRunning == "Refreshing…")
        #expect(
            seen.newPostMarkedNew == true && seen.sameDocument == true, "came through SSE, not a reload, marked new")
        #expect(seen.shownAfterTyping == ["Post 4"])
        #expect(seen.failedChip?.contains("not found (HTTP 404)") == true, "\(seen.failedChip ?? "no failed chip")")
        #expect(seen.linklessMarkedRead == true && seen.linklessHiddenWhenUnreadOnly == true)
        _ = try await serve.stop()
    }

    /// One item with neither a link nor a URL-like guid: the page can find it only by its id.
    static let linklessFeed = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>n</title>
        <item><title>No link here</title><guid isPermaLink="false">n-1</guid><description>x</description></item>
        </channel></rss>
        """
}

/// A value set once by the test after the server that reads it has started.
final class LiveValueBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?

    var value: Value? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
