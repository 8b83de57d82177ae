import Testing
import Tributary
import TributaryFlickr
import TributaryTesting

/// The shared conformance checks (`SourceConformance`), run against this plugin's source.
@Suite struct FlickrConformanceTests {
    static let conformance = SourceConformance(
        SourceType(FlickrSource.self), plugin: "Flickr", sample: 1,
        misspelledOption: .applies("tagMode"),
        secret: .applies(
            .init("apiKey", variable: "FLICKR_API_KEY", value: "conformanceSecret7Q2x9")
        ),
        api: .applies(
            .init(firstPath: "/services/rest/", recordedBody: "Recordings/flickr-sunsets.body.json") {
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
