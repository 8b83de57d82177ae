import ArgumentParser
import Tributary

/// `tributary sources`: every source type with its summary and options.
struct SourcesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: "List every source type with a one-line summary and its options."
    )

    func run() {
        var lines: [String] = []
        for type in BundledSources.all {
            lines.append("\(type.name): \(type.summary)")
            for option in type.options {
                let required = option.isRequired ? ", required" : ""
                let fallback = option.defaultValue.map { "; default \($0)" } ?? ""
                lines.append("    \(option.name) (\(option.typeDescription)\(required)): \(option.summary)\(fallback)")
            }
            lines.append("")
        }
        lines.append("Every entry also takes: id, type, title, limit, enabled, baseURL, timeout.")
        StandardOutput.write(lines.joined(separator: "\n") + "\n")
    }
}
