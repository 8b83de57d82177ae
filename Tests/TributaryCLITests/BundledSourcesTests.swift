import Foundation
import Testing
@testable import TributaryCLI

@Suite struct BundledSourcesTests {
    /// The repository root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyPluginFolderIsBundledAndEveryBundledTypeHasAFolder() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Plugins").path)
            .filter { !$0.hasPrefix(".") }
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for folder in folders {
            #expect(manifest.contains("\"Plugins/\(folder)\""), "Plugins/\(folder) is not declared in Package.swift's plugins list")
        }
        #expect(BundledSources.all.count == folders.count, "BundledSources.all has \(BundledSources.all.count) types for \(folders.count) plugin folders")
        #expect(Set(BundledSources.all.map(\.name)).count == BundledSources.all.count, "two bundled sources share a type name")
    }
}
