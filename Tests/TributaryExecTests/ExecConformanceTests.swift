import Testing
import Tributary
import TributaryExec
import TributaryTesting

/// The shared conformance checks (`SourceConformance`), run against this plugin's source.
@Suite struct ExecConformanceTests {
    static let conformance = SourceConformance(
        SourceType(ExecSource.self, acceptsUndeclaredOptions: true), plugin: "Exec",
        misspelledOption: .doesNotApply(
            because: "exec passes keys it does not declare on to its plugin, which owns them"
        ),
        secret: .applies(
            .init("token", variable: "MY_TOKEN", value: "conformanceSecret7Q2x9")
        ),
        api: .doesNotApply(because: "exec runs a child process, not HTTP"),
        recorded: .doesNotApply(
            because: "a child process's output is not recorded"
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
