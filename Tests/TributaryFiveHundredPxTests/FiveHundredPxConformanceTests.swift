import Testing
import Tributary
import TributaryFiveHundredPx
import TributaryTesting

/// The shared conformance checks (`SourceConformance`), run against this plugin's source.
@Suite struct FiveHundredPxConformanceTests {
    static let conformance = SourceConformance(
        SourceType(FiveHundredPxSource.self), plugin: "FiveHundredPx",
        misspelledOption: .applies("feature"),
        secret: .applies(
            .init("consumerKey", variable: "FIVEHUNDREDPX_CONSUMER_KEY", value: "conformanceSecret7Q2x9")
        ),
        api: .applies(
            .init(firstPath: "/v1/photos", recordedBody: "Recordings/500px-popular.body.json") {
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
