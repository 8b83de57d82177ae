import Foundation
import Testing
import Tributary
@testable import TributaryCLI
import TributaryTesting

/// The tables of options in the plugin READMEs and `docs/configuration.md` are generated from
/// the code (each source's `SourceOptions`, and `EntryOptions` for the keys every entry
/// takes): this fails when one is stale.
/// `TRIBUTARY_UPDATE_GOLDEN=1 swift test --filter OptionTableTests` rewrites them.
@Suite struct OptionTableTests {
    static let root = BundledSourcesTests.root
    static let updating = ProcessInfo.processInfo.environment["TRIBUTARY_UPDATE_GOLDEN"] == "1"

    /// Every plugin README, keyed by its path.
    static func pluginReadmes() throws -> [(path: String, text: String)] {
        let plugins = root.appendingPathComponent("Plugins")
        return try FileManager.default.contentsOfDirectory(atPath: plugins.path).sorted().compactMap { folder in
            let file = plugins.appendingPathComponent(folder).appendingPathComponent("README.md")
            guard FileManager.default.fileExists(atPath: file.path) else { return nil }
            return ("Plugins/\(folder)/README.md", try String(contentsOf: file, encoding: .utf8))
        }
    }

    @Test(arguments: BundledSources.all.map(\.name))
    func eachSourceReadmeShowsTheOptionsTheCodeDeclares(_ name: String) throws {
        let type = try #require(BundledSources.all.first { $0.name == name })
        let holders = try Self.pluginReadmes().filter { OptionTable.block(of: name, in: $0.text) != nil }
        #expect(holders.count == 1, "expected one Plugins/*/README.md with \(OptionTable.startMarker(name))")
        guard let holder = holders.first else { return }
        try check(OptionTable.markdown(type.options), named: name, in: holder.path)
    }

    @Test func theConfigurationPageShowsTheKeysEveryEntryTakes() throws {
        try check(OptionTable.markdown(EntryOptions.specs), named: "every entry", in: "docs/configuration.md")
    }

    @Test func theConfigurationPageShowsTheTopLevelKeys() throws {
        try check(OptionTable.markdown(FeedsConfig.keys), named: "the top level", in: "docs/configuration.md")
    }

    private func check(_ table: String, named name: String, in path: String) throws {
        let file = Self.root.appendingPathComponent(path)
        let text = try String(contentsOf: file, encoding: .utf8)
        let block = try #require(
            OptionTable.block(of: name, in: text), "\(path) has no \(OptionTable.startMarker(name))")
        if Self.updating, block != table, let updated = OptionTable.replacing(name, with: table, in: text) {
            try Data(updated.utf8).write(to: file)
            return
        }
        #expect(
            String(block) == table,
            "\(path): the options of \(name) differ from the code; rerun with TRIBUTARY_UPDATE_GOLDEN=1")
    }
}
