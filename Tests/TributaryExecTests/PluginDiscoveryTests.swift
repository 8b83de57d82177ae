import Foundation
import Testing
import Tributary
import TributaryExec
import TributaryTesting

@Suite struct PluginDiscoveryTests {
    @Test func executablesNamedTributarySourceNameAreFound() {
        let plugins = PluginDiscovery.discover(environment: [PluginDiscovery.pathVariable: fixtures.path, "PATH": ""])
        #expect(plugins.map(\.name) == ["broken", "described"], "not-executable files and other names are ignored")
        #expect(plugins.first?.executable.path == fixture("tributary-source-broken"))
    }

    @Test func theFirstFolderWinsAndThePluginPathComesBeforePATH() {
        let environment = [PluginDiscovery.pathVariable: "/nonexistent:\(fixtures.path)", "PATH": fixtures.path]
        #expect(PluginDiscovery.discover(environment: environment).count == 2)
        #expect(PluginDiscovery.folders(environment: environment) == ["/nonexistent", fixtures.path, fixtures.path])
    }

    @Test func theDefaultFolderIsUnderTheUsersDataFolder() {
        #expect(PluginDiscovery.folders(environment: ["HOME": "/home/u"]) == ["/home/u/.local/share/tributary/plugins"])
        #expect(
            PluginDiscovery.folders(environment: ["XDG_DATA_HOME": "/d", "PATH": "/bin"]) == [
                "/d/tributary/plugins", "/bin",
            ])
    }

    @Test func describeOutputIsParsed() async throws {
        let plugin = DiscoveredPlugin(
            name: "described", executable: URL(fileURLWithPath: fixture("tributary-source-described")))
        let description = try await PluginDescription.describe(plugin)
        #expect(description.summary == "a described fixture")
        #expect(description.options.map(\.name) == ["file", "count"])
        #expect(description.options[0].required == true)
        #expect(description.options[1].defaultValue == "5")
    }

    @Test func describeFailuresSayWhy() async throws {
        let plugin = DiscoveredPlugin(
            name: "broken", executable: URL(fileURLWithPath: fixture("tributary-source-broken")))
        await #expect(throws: TributaryError.self) { try await PluginDescription.describe(plugin) }
        let error = try #require(throws: TributaryError.self) {
            try PluginDescription.parse(Data(#"{"options": []}"#.utf8))
        }
        #expect(error.message.contains("missing \"summary\""))
    }

    @Test func aDiscoveredTypeRunsItsPluginWithAnyOptions() async throws {
        let plugin = DiscoveredPlugin(
            name: "described", executable: URL(fileURLWithPath: fixture("tributary-source-described")))
        let harness = SourceHarness(plugin.sourceType)
        let items = try await harness.items(#"{"id": "d", "type": "described", "file": "x", "whatever": true}"#)
        #expect(items.map(\.title) == ["Described"])
    }
}
