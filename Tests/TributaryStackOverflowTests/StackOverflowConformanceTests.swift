import Testing
import Tributary
import TributaryStackOverflow
import TributaryTesting

/// The shared conformance checks (`SourceConformance`), run against this plugin's source.
@Suite struct StackOverflowConformanceTests {
    static let conformance = SourceConformance(
        SourceType(StackOverflowSource.self), plugin: "StackOverflow",
        misspelledOption: .applies("match"),
        secret: .applies(
            .init("key", variable: "STACKEXCHANGE_KEY", value: "conformanceSecret7Q2x9", required: false)
        ),
        api: .applies(
            .init(firstPath: "/2.3/questions", recordedBody: "Recordings/stackoverflow-swift.body.json") {
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
