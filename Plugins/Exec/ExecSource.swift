import Foundation
import Tributary

/// An external program as a source: `"type": "exec"` with the `command` the user names
/// in feeds.json, or a discovered `tributary-source-NAME` executable as type `NAME`.
///
/// The program gets the entry (with `${VAR}`s expanded) as one JSON object on standard
/// input and writes a JSON Feed 1.1 document or one JSON item per line on standard
/// output; its standard error lines become the source's diagnostics (`--verbose`). It
/// runs in feeds.json's folder (so `["python3", "script.py"]` finds the script beside it),
/// with the run's deadline and output cap; a non-zero exit fails this source only, with
/// the program's last standard error line.
public struct ExecSource: FeedSource {
    public static let type = "exec"
    public static let summary =
        "an external program you name, printing JSON Feed or JSON lines (see docs/plugins.md)"
    public static let options = ExecOptions.specs

    /// The plugin's deadline starts once it runs, not while it waits for a slot.
    public static let enforcesOwnDeadline = true

    let arguments: [String]
    let input: Data
    /// Where the program runs: feeds.json's folder, so its relative arguments read from there.
    let folder: URL?

    /// An `exec` entry: the program is the entry's `command`.
    public init(entry: SourceEntry) throws {
        let command = ExecOptions(entry).command
        guard !command.isEmpty, !command[0].isEmpty else {
            throw entry.invalid("command", "name the program to run, e.g. [\"./my-source\", \"--flag\"]")
        }
        try self.init(entry: entry, arguments: command)
    }

    /// An entry of a discovered plugin's type: the program is the plugin.
    public init(entry: SourceEntry, plugin: DiscoveredPlugin) throws {
        try self.init(entry: entry, arguments: [plugin.executable.path])
    }

    private init(entry: SourceEntry, arguments: [String]) throws {
        if let (key, variable) = entry.unsetSecrets.min(by: { $0.key < $1.key }) {
            throw TributaryError(
                .skipped, "\(key) uses \(variable), which is not set; set it to enable this source", source: entry.id)
        }
        self.arguments = arguments
        folder = entry.folder
        input = try Self.input(for: entry)
        guard input.count <= PluginProcess.maxInputSize else {
            throw entry.invalid(
                "command", "the entry is \(ByteCount.format(input.count)) as JSON; a plugin receives at most 60 KB")
        }
    }

    public func signal(in context: SourceContext) -> Signal<SourceUpdate> {
        let process = PluginProcess(
            arguments: arguments, input: input, directory: folder, timeout: context.http.limits.deadline,
            maxOutputSize: context.http.limits.maxBodySize
        )
        return Signal.once {
            let outcome = try await process.run()
            // Reading up to maxBodySize of JSON is parsing work: off the cooperative threads.
            return try await DedicatedThread.run("tributary.exec") { try Self.update(from: outcome, process: process) }
        }
    }

    /// The snapshot a finished run stands for, or the error its exit carries.
    static func update(from outcome: PluginProcess.Outcome, process: PluginProcess) throws -> SourceUpdate {
        let lines = outcome.errorLines
        guard outcome.exitStatus == 0 else {
            let how =
                outcome.exitStatus.map { "exited with status \($0)" } ?? "was killed by signal \(outcome.signal ?? 0)"
            let last = lines.last.map { ": \($0)" } ?? " (it wrote nothing to standard error)"
            throw TributaryError(.permanent, "\(process.programName) \(how)\(last)")
        }
        var update = try PluginOutput.update(from: outcome.output, program: URL(fileURLWithPath: process.arguments[0]))
        update.diagnostics += lines.suffix(50)
        return update
    }

    /// The entry as the program reads it: `id`, `type` and every option, `${VAR}`s expanded.
    static func input(for entry: SourceEntry) throws -> Data {
        var object = entry.options
        object["id"] = .string(entry.id)
        object["type"] = .string(entry.type)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(JSONValue.object(object)) + Data("\n".utf8)
    }
}
