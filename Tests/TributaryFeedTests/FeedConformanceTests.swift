import Testing
import Tributary
import TributaryFeed
import TributaryTesting

/// The shared conformance checks (`SourceConformance`), run against this plugin's source.
@Suite struct FeedConformanceTests {
    static let conformance = SourceConformance(
        SourceType(WebFeedSource.self), plugin: "Feed",
        misspelledOption: .applies("url"),
        secret: .doesNotApply(
            because: "a feed is public; its only option is the address"
        ),
        api: .applies(
            .init(firstPath: "/feed", recordedBody: "Recordings/swift-blog.body.xml") {
                ["url": $0.absoluteString + "/feed"]
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
