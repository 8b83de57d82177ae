import Testing
import Tributary
import TributaryMastodon
import TributaryTesting

/// The shared conformance checks (`SourceConformance`), run against this plugin's source.
@Suite struct MastodonConformanceTests {
    static let conformance = SourceConformance(
        SourceType(MastodonSource.self), plugin: "Mastodon",
        misspelledOption: .applies("hashtag"),
        secret: .applies(
            .init("accessToken", variable: "MASTODON_TOKEN", value: "conformanceSecret7Q2x9", required: false)
        ),
        api: .applies(
            .init(firstPath: "/api/v1/timelines/tag/swift", recordedBody: "Recordings/mastodon-swift.body.json") {
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
