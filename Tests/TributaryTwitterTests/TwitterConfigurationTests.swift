import Foundation
import Testing
import Tributary
import TributaryTesting
import TributaryTwitter

@Suite struct TwitterConfigurationTests {
    let harness = SourceHarness(SourceType(TwitterSource.self), environment: ["TWITTER_BEARER_TOKEN": testToken])

    func configurationError(_ json: String, harness: SourceHarness? = nil) throws -> TributaryError {
        let error = #expect(throws: TributaryError.self) { _ = try (harness ?? self.harness).source(json) }
        return try #require(error)
    }

    @Test func aQueryTooShortIsAConfigurationError() throws {
        let error = try configurationError(
            #"{"id": "x", "type": "twitter", "query": " ab ", "bearerToken": "${TWITTER_BEARER_TOKEN}"}"#)
        #expect(error.code == .invalidConfiguration)
        #expect(error.message == "sources[0].query: 2 characters; X searches need 3 to 512 characters")
    }

    @Test func aQueryTooLongIsAConfigurationError() throws {
        let query = String(repeating: "swift ", count: 90)
        let error = try configurationError(
            #"{"id": "x", "type": "twitter", "query": "\#(query)", "bearerToken": "${TWITTER_BEARER_TOKEN}"}"#)
        #expect(error.code == .invalidConfiguration)
        #expect(error.message.hasPrefix("sources[0].query: 539 characters"))
    }

    @Test func limitOutsideTenToHundredIsRejected() throws {
        let error = try configurationError(
            #"{"id": "x", "type": "twitter", "query": "swift", "limit": 5, "bearerToken": "${TWITTER_BEARER_TOKEN}"}"#)
        #expect(error.code == .invalidConfiguration)
        #expect(error.message.contains("limit"))
    }

    @Test func aMissingTokenSkipsTheSourceWithOneLine() throws {
        let error = try configurationError(
            #"{"id": "x", "type": "twitter", "query": "swift", "bearerToken": "${TWITTER_BEARER_TOKEN}"}"#,
            harness: SourceHarness(SourceType(TwitterSource.self))
        )
        #expect(error.code == .skipped)
        #expect(
            error.message
                == "bearerToken is not set; set TWITTER_BEARER_TOKEN to enable this source (X search needs a bearer "
                + "token from a paid X developer app)"
        )
        #expect(!error.message.contains("\n"))
    }

    @Test func theReadmeSampleEntryLoadsAndTargetsTheRealService() throws {
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../Plugins/Twitter/README.md").standardizedFileURL, encoding: .utf8)
        let start = try #require(readme.range(of: "```json\n"))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let sample = String(readme[start.upperBound..<end.lowerBound])
        let entry = try harness.entry(sample)
        #expect(entry.type == "twitter")
        let source = try #require(try harness.source(sample) as? TwitterSource)
        let request = try source.request()
        #expect(request.url.absoluteString.hasPrefix("https://api.x.com/2/tweets/search/recent?query="))
        #expect(!request.url.absoluteString.contains(testToken))
        #expect(request.secretHeaders["Authorization"]?.value == "Bearer \(testToken)")
    }
}
