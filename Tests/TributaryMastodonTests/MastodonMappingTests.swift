import Foundation
import Testing
import Tributary
import TributaryTesting

@Suite struct MastodonMappingTests {
    @Test func htmlContentBecomesPlainTextTitledByItsFirstLine() async throws {
        let run = try await MastodonFixtureRun.serving("html-content")
        let item = try #require(try await run.harness.items(run.entry()).first)
        #expect(item.title == "Swift 6.3 is out & strict concurrency is much nicer now.")
        #expect(
            item.summary
                == "Swift 6.3 is out & strict concurrency is much nicer now. Release notes: "
                + "https://www.swift.org/blog/swift-6.3-released/ #Swift #SwiftLang"
        )
        #expect(item.url?.absoluteString == "https://fosstodon.org/@ada/113512345678901234")
        await run.server.shutdown()
    }

    @Test func authorScoreTagsDateAndTheFirstImageAreMapped() async throws {
        let run = try await MastodonFixtureRun.serving("html-content")
        let item = try #require(try await run.harness.items(run.entry()).first)
        #expect(item.author == "Ada 🦀 Swift (@ada@fosstodon.org)")
        #expect(item.score == 26, "21 favourites + 5 boosts")
        #expect(item.tags == ["Swift", "SwiftLang"])
        #expect(item.published == ISO8601Date.parse("2026-11-22T05:11:43Z"))
        #expect(item.kind == .photo)
        #expect(
            item.image?.absoluteString
                == "https://files.fosstodon.org/media_attachments/files/113512340000000001/original/photo.jpg")
        #expect(
            item.thumbnail?.absoluteString
                == "https://files.fosstodon.org/media_attachments/files/113512340000000001/small/photo.jpg")
        await run.server.shutdown()
    }

    @Test func longFirstLinesAreCutAt120AndAMissingURLFallsBackToTheURI() async throws {
        let run = try await MastodonFixtureRun.serving("html-content")
        let item = try await run.harness.items(run.entry())[1]
        #expect(item.title.count == 120 && item.title.hasSuffix("…"))
        #expect(item.author == "@bob", "an empty display name leaves the acct")
        #expect(item.url?.absoluteString == "https://mastodon.social/users/bob/statuses/113512300000000000")
        #expect(item.kind == .post && item.image == nil)
        await run.server.shutdown()
    }

    @Test func boostsShowTheOriginalWithTheBoosterNoted() async throws {
        let run = try await MastodonFixtureRun.serving("boost")
        let item = try #require(try await run.harness.items(run.entry()).first)
        #expect(item.id == "113500000000000001", "the boosted status's id, so two boosts of it are one item")
        #expect(item.title == "Embedded Swift runs on the Pi Pico 2 now.")
        #expect(item.author == "Ada 🦀 Swift (@ada@fosstodon.org)")
        #expect(item.summary == "Boosted by @bob · Embedded Swift runs on the Pi Pico 2 now.")
        #expect(item.score == 52)
        #expect(item.tags == ["swift", "embedded"])
        await run.server.shutdown()
    }

    @Test func aContentWarningHidesTheTextAndTheMedia() async throws {
        let run = try await MastodonFixtureRun.serving("sensitive")
        let item = try #require(try await run.harness.items(run.entry()).first)
        #expect(item.title == "CW: WWDC keynote spoilers")
        #expect(item.summary == nil && item.image == nil && item.thumbnail == nil && item.kind == .post)
        await run.server.shutdown()
    }

    @Test func sensitiveWithoutAWarningHidesOnlyTheMedia() async throws {
        let run = try await MastodonFixtureRun.serving("sensitive")
        let item = try await run.harness.items(run.entry())[1]
        #expect(item.title == "Photo of my very messy desk.", "in Mastodon, sensitive alone hides the media")
        #expect(item.summary == "Photo of my very messy desk.")
        #expect(item.image == nil && item.thumbnail == nil && item.kind == .post)
        await run.server.shutdown()
    }

    @Test func serversBeforeMastodon2SendIntegerIds() async throws {
        let run = try await MastodonFixtureRun.serving("integer-ids")
        let items = try await run.harness.items(run.entry())
        #expect(items.map(\.id) == ["98765", "98700"], "numbers read as the strings 2.0 sends")
        #expect(items[0].title == "Swift 4 is out, with Codable.")
        #expect(items[0].author == "Grace (@grace)" && items[0].score == 10 && items[0].kind == .photo)
        #expect(items[1].summary == "Boosted by @bob · Mastodon 2.0 will send ids as strings.")
        await run.server.shutdown()
    }

    @Test func showSensitiveShowsThemInFull() async throws {
        let run = try await MastodonFixtureRun.serving("sensitive")
        let items = try await run.harness.items(run.entry(#", "showSensitive": true"#))
        #expect(items[0].title == "Spoilers for the keynote: they renamed everything.")
        #expect(items[0].image != nil)
        await run.server.shutdown()
    }

    @Test func statusesWithoutTextAreTitledByTheirImageDescriptionOrNoText() async throws {
        let run = try await MastodonFixtureRun.serving("empty-content")
        let items = try await run.harness.items(run.entry())
        #expect(items.map(\.title) == ["Sunset over the bay", "(no text)"])
        #expect(items.map(\.summary) == [nil, nil])
        await run.server.shutdown()
    }
}
