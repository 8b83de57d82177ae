import ArgumentParser
import Foundation
import Tributary
import TributaryExec

/// `tributary sources`: every source type with its summary and options, then the
/// external plugins found by name, each described by its own `--describe`.
struct SourcesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: "List every source type with a one-line summary and its options, external plugins included."
    )

    func run() async {
        var lines: [String] = []
        for type in BundledSources.all {
            lines.append("\(type.name): \(type.summary)")
            lines += type.options.map(Self.optionLine)
            lines.append("")
        }
        let environment = ProcessInfo.processInfo.environment
        for (plugin, description) in await Self.describe(BundledSources.discovered(environment: environment)) {
            lines += Self.lines(plugin, description)
            lines.append("")
        }
        lines.append("Every entry has an id and a type, and also takes (a type's own option of the same name wins):")
        lines += EntryOptions.specs.map(Self.optionLine)
        lines.append("")
        lines.append(
            "External plugins: executables named \(PluginDiscovery.prefix)NAME in \(PluginDiscovery.pathVariable) or "
                + "on PATH."
        )
        StandardOutput.write(lines.joined(separator: "\n") + "\n")
    }

    /// One option's line, from its spec.
    static func optionLine(_ option: OptionSpec) -> String {
        let required = option.isRequired ? ", required" : ""
        return optionLine(option.name, "\(option.typeDescription)\(required)", option.summary, option.defaultValue)
    }

    static func optionLine(_ name: String, _ type: String, _ summary: String, _ fallback: String?) -> String {
        "    \(name) (\(type)): \(summary)\(fallback.map { "; default \($0)" } ?? "")"
    }

    /// A plugin's listing; one whose `--describe` failed is listed with the reason.
    static func lines(_ plugin: DiscoveredPlugin, _ description: Result<PluginDescription, any Error>) -> [String] {
        let clean = { (text: String) in TextCleanup.truncate(TextCleanup.singleLine(text), to: 300) }
        switch description {
        case .success(let described):
            return ["\(plugin.name): \(clean(described.summary)) (plugin \(plugin.executable.path))"]
                + described.options.map { option in
                    let type = clean(option.type ?? "any") + (option.required == true ? ", required" : "")
                    return optionLine(
                        clean(option.name), type, clean(option.summary ?? ""), option.defaultValue.map(clean))
                }
        case .failure(let error):
            let reason = (error as? TributaryError)?.description ?? String(describing: error)
            return [
                "\(plugin.name): plugin \(plugin.executable.path)", "    note: cannot describe it: \(clean(reason))",
            ]
        }
    }

    /// Every plugin's `--describe`, run together (as many at once as plugins may run), in discovery order.
    static func describe(_ plugins: [DiscoveredPlugin]) async -> [(
        DiscoveredPlugin, Result<PluginDescription, any Error>
    )] {
        await withTaskGroup(of: (Int, Result<PluginDescription, any Error>).self) { group in
            for (index, plugin) in plugins.enumerated() {
                group.addTask {
                    // Not `(index, .success(try await …))`: Swift 6.3.1 -O miscompiles that closure (the
                    // index read before the await comes back as garbage, and every success was lost).
                    let description = await describe(plugin)
                    return (index, description)
                }
            }
            var results: [Int: Result<PluginDescription, any Error>] = [:]
            for await (index, result) in group { results[index] = result }
            return plugins.indices.map { (plugins[$0], results[$0]!) }
        }
    }

    private static func describe(_ plugin: DiscoveredPlugin) async -> Result<PluginDescription, any Error> {
        do {
            return .success(try await PluginDescription.describe(plugin))
        } catch {
            return .failure(error)
        }
    }
}
