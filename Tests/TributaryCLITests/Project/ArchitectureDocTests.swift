import Foundation
import Testing

/// `docs/architecture.md`'s module graph is generated from `Package.swift` by
/// `scripts/module-graph`: this fails when the page is stale, or when the script misses a
/// module. `scripts/module-graph --write` rewrites the page's block.
@Suite struct ArchitectureDocTests {
    static let script = BundledSourcesTests.root.appendingPathComponent("scripts/module-graph")

    @Test func theArchitecturePageShowsTheGraphPackageSwiftDeclares() async throws {
        let result = try await TributaryBinary.run(["--check"], binary: Self.script)
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// Every folder under `Sources/` and every plugin module has its row in the generated table.
    @Test func theGeneratedGraphNamesEveryModule() async throws {
        let result = try await TributaryBinary.run([], binary: Self.script)
        #expect(result.status == 0, "\(result.stderr)")
        let folders = try FileManager.default.contentsOfDirectory(
            atPath: BundledSourcesTests.root.appendingPathComponent("Sources").path)
        let modules = folders.filter { !$0.hasPrefix(".") } + (try ModuleGraphTests.pluginModules())
        let missing = modules.filter { !result.stdout.contains("| `\($0)` |") }
        #expect(missing.isEmpty, "scripts/module-graph leaves out \(missing.sorted())")
    }
}
