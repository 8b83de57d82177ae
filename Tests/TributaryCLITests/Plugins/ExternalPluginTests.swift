import Foundation
import Testing

/// The shipped Python example plugin, discovered and run by the built binary.
@Suite struct ExternalPluginTests {
    static let plugins = TributaryBinary.root.appendingPathComponent("Examples/plugins")
    static let environment = ["TRIBUTARY_PLUGIN_PATH": plugins.path]

    @Test func sourcesListsTheExamplePluginFromItsDescribe() async throws {
        let result = try await TributaryBinary.run(["sources"], environment: Self.environment)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(
            result.stdout.contains(
                """
                lines: links listed in a local text or CSV file (url,title,published,tags) (plugin \
                \(Self.plugins.path)/tributary-source-lines)
                """
            ))
        #expect(
            result.stdout.contains("    file (string, required): the file to read, relative to the working directory"))
        #expect(result.stdout.contains("exec: "))
    }

    /// As the README runs it (a relative plugin path, from the repository's root), beside a plugin whose
    /// `--describe` fails and one whose succeeds. The CLI is built optimised even in debug builds
    /// (Package.swift), because only then did every successful `--describe` crash `sources` (exit 132).
    @Test func sourcesListsEveryPluginInDiscoveryOrderTheREADMEWay() async throws {
        let path = "Examples/plugins:Tests/TributaryExecTests/Fixtures"
        let result = try await TributaryBinary.run(["sources"], environment: ["TRIBUTARY_PLUGIN_PATH": path])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let fixtures = TributaryBinary.root.appendingPathComponent("Tests/TributaryExecTests/Fixtures").path
        let plugins = result.stdout.split(separator: "\n").drop { !$0.hasPrefix("lines: ") }.prefix(8)
        #expect(
            Array(plugins) == [
                "lines: links listed in a local text or CSV file (url,title,published,tags)"
                    + " (plugin \(Self.plugins.path)/tributary-source-lines)",
                "    file (string, required): the file to read, relative to the working directory",
                "    kind (photo | question | post | article): the items' kind; default article",
                "broken: plugin \(fixtures)/tributary-source-broken",
                "    note: cannot describe it: --describe exited with status 1: no description here",
                "described: a described fixture (plugin \(fixtures)/tributary-source-described)",
                "    file (string, required): the file",
                "    count (integer): how many; default 5",
            ])
    }

    @Test func theExamplePluginsItemsAppearInTheDigest() async throws {
        let links = Self.plugins.appendingPathComponent("links.csv").path
        let config = try TributaryBinary.config(
            #"""
            {"sources": [{"id": "reading", "type": "lines", "file": "\#(links)", "kind": "post", "limit": 2}]}
            """#)
        let result = try await TributaryBinary.run(
            ["digest", "--config", config.path, "--format", "json", "--verbose"], environment: Self.environment)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let digest = try JSONDecoder().decode(EndToEndTests.DigestJSON.self, from: Data(result.stdout.utf8))
        #expect(digest.sources.map(\.status) == ["ok"])
        #expect(digest.items.map(\.title) == ["JSON Feed 1.1", "Swift.org blog"])
        #expect(digest.items.allSatisfy { $0.kind == "post" && $0.type == "lines" && $0.source == "reading" })
        #expect(result.stderr.contains("reading: read 3 links from \(links)"), "stderr lines are --verbose diagnostics")
    }

    @Test func anExecEntryRunsTheCommandItNames() async throws {
        let links = Self.plugins.appendingPathComponent("links.csv").path
        let command = Self.plugins.appendingPathComponent("tributary-source-lines").path
        let config = try TributaryBinary.config(
            #"""
            {"sources": [{"id": "direct", "type": "exec", "command": ["\#(command)"], "file": "\#(links)"},
                         {"id": "broken", "type": "exec", "command": ["\#(command)"], "file": "/nonexistent.csv"}]}
            """#)
        let result = try await TributaryBinary.run(["digest", "--config", config.path, "--format", "json"])
        #expect(result.status == 1, "one source failed, the other did not")
        let digest = try JSONDecoder().decode(EndToEndTests.DigestJSON.self, from: Data(result.stdout.utf8))
        #expect(digest.items.count == 3)
        #expect(
            digest.sources.last?.message
                == "tributary-source-lines exited with status 1: tributary-source-lines: cannot read "
                + "/nonexistent.csv: no such file"
        )
    }

    @Test func withoutThePluginItsTypeIsUnknown() async throws {
        let config = try TributaryBinary.config(#"{"sources": [{"id": "reading", "type": "lines", "file": "x"}]}"#)
        let result = try await TributaryBinary.run(
            ["validate", "--config", config.path], environment: ["TRIBUTARY_PLUGIN_PATH": "/nonexistent"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("unknown source type \"lines\""))
    }
}
