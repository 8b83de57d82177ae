import Foundation
import Testing

/// The release build README.md tells people to install is the one `Benchmarks/perf.sh`
/// measures: with the Swift runtime and Foundation linked in (`--static-swift-stdlib`),
/// which the start-up figures depend on.
@Suite struct ReleaseBuildTests {
    static let flags = "swift build -c release --static-swift-stdlib"

    static func text(_ file: String) throws -> String {
        try String(contentsOf: BundledSourcesTests.root.appendingPathComponent(file), encoding: .utf8)
    }

    @Test func theReadmeInstallsTheStaticReleaseBuild() throws {
        let readme = try Self.text("README.md")
        let install = readme.split(separator: "\n").first { $0.contains("install") && $0.contains("swift build") }
        #expect(install?.hasPrefix(Self.flags) == true, "README's install line: \(install ?? "none")")
    }

    @Test func theBenchmarkMeasuresTheSameBuild() throws {
        let script = try Self.text("Benchmarks/perf.sh")
        #expect(script.contains("build=(\(Self.flags))"), "Benchmarks/perf.sh builds another way")
    }
}
