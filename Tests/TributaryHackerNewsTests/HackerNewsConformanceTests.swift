import Testing
import Tributary
import TributaryHackerNews
import TributaryTesting

/// The shared conformance checks (`SourceConformance`), run against this plugin's source.
@Suite struct HackerNewsConformanceTests {
    static let conformance = SourceConformance(
        SourceType(HackerNewsSource.self), plugin: "HackerNews",
        misspelledOption: .applies("numericFilters"),
        secret: .doesNotApply(
            because: "the Algolia Hacker News API is public and takes no key"
        ),
        api: .applies(
            .init(firstPath: "/api/v1/search_by_date", recordedBody: "Recordings/hackernews-swift.body.json") {
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
