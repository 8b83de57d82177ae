import Testing
import Tributary
import TributaryLemmy
import TributaryTesting

/// The shared conformance checks (`SourceConformance`), run against this plugin's source.
@Suite struct LemmyConformanceTests {
    static let conformance = SourceConformance(
        SourceType(LemmySource.self), plugin: "Lemmy",
        misspelledOption: .applies("community"),
        secret: .doesNotApply(
            because: "Lemmy's post list is public; the source has no secret option"
        ),
        api: .applies(
            .init(firstPath: "/api/v3/post/list", recordedBody: "Recordings/lemmy-swift.body.json") {
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
