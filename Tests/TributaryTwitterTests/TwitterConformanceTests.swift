import Testing
import Tributary
import TributaryTwitter
import TributaryTesting

/// The shared conformance checks (`SourceConformance`), run against this plugin's source.
@Suite struct TwitterConformanceTests {
    static let conformance = SourceConformance(
        SourceType(TwitterSource.self), plugin: "Twitter",
        misspelledOption: .applies("query"),
        secret: .applies(
            .init("bearerToken", variable: "TWITTER_BEARER_TOKEN", value: "conformanceSecret7Q2x9")
        ),
        api: .applies(
            .init(firstPath: "/2/tweets/search/recent", recordedBody: "Recordings/twitter-swift.body.json") {
                ["baseURL": $0.absoluteString]
            }
        )
    )

    @Test func isInTheSuitesList() {
        #expect(SourceConformance.bundled.contains(Self.conformance.type.name))
    }

    @Test(arguments: conformance.checks)
    func conforms(to check: SourceConformance.Check) async throws {
        try await Self.conformance.run(check)
    }
}
