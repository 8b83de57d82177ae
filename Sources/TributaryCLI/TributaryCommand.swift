import ArgumentParser
import Foundation
import Tributary
import TributaryLive

/// `tributary`: many sources flow in, one digest flows out.
public struct TributaryCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "tributary",
        abstract: "Fetch every source in feeds.json at once and merge them into one digest.",
        discussion: ExitCodes.help,
        version: TributaryVersion.current,
        subcommands: [
            DigestCommand.self, ReportCommand.self, SourcesCommand.self, ValidateCommand.self, MarkReadCommand.self,
            MarkUnreadCommand.self,
            StateCommand.self, InitCommand.self, ImportCommand.self, ExportCommand.self, AddCommand.self,
            WatchCommand.self, ServeCommand.self, RulesCommand.self, ListCommand.self, RemoveCommand.self,
            EnableCommand.self, DisableCommand.self, StarCommand.self, UnstarCommand.self, SearchCommand.self,
            ExtractCommand.self,
        ],
        defaultSubcommand: DigestCommand.self
    )

    public init() {}

    /// Runs the command line; `serve` runs `server`, or `tributary-serve` when it is nil.
    public static func main(server: (any LiveServing)?) async {
        await ServeCommand.$server.withValue(server) { await main() }
    }

    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // Before any thread has a heap.
        AllocatorTuning.apply(
            arenas: AllocatorTuning.arenaCap(arguments: arguments, environment: ProcessInfo.processInfo.environment))
        DescriptorBudget.raisingSoftLimit()  // connections and sources are then shared out of it
        UnknownCommand.refuse(arguments, commands: configuration.subcommands)
        await main(nil)
    }
}
