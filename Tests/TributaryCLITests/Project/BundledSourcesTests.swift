import Foundation
import Testing
@testable import TributaryCLI
import TributaryTesting

@Suite struct BundledSourcesTests {
    static let root = TributaryBinary.root

    @Test func everyPluginFolderIsBundledAndEveryBundledTypeHasAFolder() throws {
        let folders = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("Plugins").path
        )
        .filter { !$0.hasPrefix(".") }
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for folder in folders {
            #expect(
                manifest.contains("\"Plugins/\(folder)\""),
                "Plugins/\(folder) is not declared in Package.swift's plugins list")
        }
        let bundled = Set(BundledSources.all.map(\.name))
        #expect(bundled.count == BundledSources.all.count, "two bundled sources share a type name")
        let declared = Set(Self.pluginFolders(in: manifest))
        #expect(
            declared == Set(folders), "Package.swift declares \(declared.sorted()); Plugins/ holds \(folders.sorted())")
    }

    /// Every bundled source is in the conformance suite's list, and the list names no other.
    @Test func everyBundledSourceRunsTheConformanceSuite() {
        let bundled = Set(BundledSources.all.map(\.name))
        let conforming = Set(SourceConformance.bundled)
        #expect(
            bundled.subtracting(conforming).isEmpty,
            "not in SourceConformance.bundled: \(bundled.subtracting(conforming).sorted())")
        #expect(
            conforming.subtracting(bundled).isEmpty,
            "in SourceConformance.bundled, not bundled: \(conforming.subtracting(bundled).sorted())")
    }

    /// Every plugin folder has its conformance test file: `Tests/Tributary<Name>Tests/<Name>ConformanceTests.swift`.
    @Test func everyPluginFolderHasAConformanceTestFile() throws {
        let folders = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("Plugins").path)
        for folder in folders where !folder.hasPrefix(".") {
            let file = "Tests/Tributary\(folder)Tests/\(folder)ConformanceTests.swift"
            #expect(
                FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(file).path),
                "\(file) is missing")
        }
    }

    /// The folder names in Package.swift's `plugins` list (`"Plugins/<Name>"`).
    static func pluginFolders(in manifest: String) -> [String] {
        manifest.components(separatedBy: "\"Plugins/").dropFirst().compactMap { $0.components(separatedBy: "\"").first }
    }
}
