import Testing
import Tributary
import TributaryBluesky
import TributaryTesting

/// The shared conformance checks (`SourceConformance`), run against this plugin's source.
@Suite struct BlueskyConformanceTests {
    static let conformance = SourceConformance(
        SourceType(BlueskySource.self), plugin: "Bluesky",
        misspelledOption: .applies("actor"),
        secret: .applies(
            .init(
                "appPassword", variable: "BLUESKY_APP_PASSWORD", value: "conformanceSecret7Q2x9",
                besides: ["identifier": "ada.example"])
        ),
        api: .applies(
            .init(firstPath: "/xrpc/com.atproto.server.createSession", recordedBody: "Recordings/bluesky-app.body.json")
            {
                ["baseURL": $0.absoluteString, "authServer": $0.absoluteString]
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
