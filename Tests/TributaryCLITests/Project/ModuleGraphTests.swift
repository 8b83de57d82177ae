import Foundation
import Testing

/// The module graph as docs/architecture.md states it: the core imports no C module and, of the
/// package's own modules, only `TributaryBytes` below it (no arrow points up); no plugin
/// imports another plugin (what two plugins share lives in a library module, such as
/// `TributarySyndication`) or the network engine (sources see only the HTTP contract).
@Suite struct ModuleGraphTests {
    static let root = BundledSourcesTests.root

    /// The plugin modules, read from Package.swift's `plugins` list.
    static func pluginModules() throws -> [String] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try Regex(#"\(\"(Tributary\w+)\", \"Plugins/"#)
        return manifest.matches(of: pattern).compactMap { $0.output[1].substring.map(String.init) }
    }

    /// The modules a folder's Swift files import, with the file that imports each.
    static func imports(under folder: String) throws -> [(file: String, module: String)] {
        let base = root.appendingPathComponent(folder)
        let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        return try files.filter { $0.hasSuffix(".swift") }.flatMap { file in
            let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
            return text.split(separator: "\n").compactMap { line -> (String, String)? in
                let words = line.split(separator: " ").filter { $0 != "@testable" && !$0.hasPrefix("@_") }
                guard words.count >= 2, words[0] == "import" else { return nil }
                return ("\(folder)/\(file)", String(words[1]))
            }
        }
    }

    @Test func noPluginImportsAnotherPlugin() throws {
        let plugins = try Self.pluginModules()
        #expect(plugins.count >= 6, "Package.swift's plugins list was not found")
        let edges = try Self.imports(under: "Plugins").filter { plugins.contains($0.module) }
        #expect(edges.isEmpty, "plugin-to-plugin imports: \(edges.map { "\($0.file) imports \($0.module)" })")
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for line in manifest.split(separator: "\n") where line.contains("\"Plugins/") {
            let named = plugins.filter { line.contains("\"\($0)\"") }
            #expect(named.count == 1, "a plugin depends on another in Package.swift: \(line)")
        }
    }

    /// Every module of the package, C modules included: the folders under Sources/ and the plugins.
    static func packageModules() throws -> [String] {
        let sources = root.appendingPathComponent("Sources")
        return try FileManager.default.contentsOfDirectory(atPath: sources.path) + Self.pluginModules()
    }

    @Test func theCoreImportsNoCModuleAndNoModuleAboveIt() throws {
        let forbidden = Set(try Self.packageModules()).subtracting(["TributaryBytes"])
        #expect(forbidden.isSuperset(of: ["CCurl", "CZlib", "CLibXML2", "TributaryNetwork", "TributaryFeed"]))
        let edges = try Self.imports(under: "Sources/Tributary").filter { forbidden.contains($0.module) }
        #expect(edges.isEmpty, "the core imports: \(edges.map { "\($0.file) imports \($0.module)" })")
    }

    /// `scripts/module-sizes` finds no two folders of the core that use each other's types,
    /// so the core's folders can be read bottom-up.
    @Test func theCoresFoldersUseEachOtherInNoCircle() async throws {
        let script = Self.root.appendingPathComponent("scripts/module-sizes").path
        let output = try await TestProgram.run(
            "/usr/bin/env", ["python3", script],
            ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
        #expect(output.contains("folders of "), "the script did not run: \(output)")
        #expect(output.contains("that use each other: 0\n"), "\(output)")
    }

    @Test func noPluginImportsTheNetworkEngine() throws {
        let edges = try Self.imports(under: "Plugins").filter { $0.module == "TributaryNetwork" }
        #expect(edges.isEmpty, "plugins that import the engine: \(edges.map(\.file))")
    }
}
