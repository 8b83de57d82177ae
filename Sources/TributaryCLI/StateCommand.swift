import ArgumentParser
import Foundation
import Tributary
import TributaryRendering
import TributaryState

/// `tributary state`: what the state store remembers of each source; `state prune` forgets old items now.
struct StateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "state",
        abstract:
            "Show what the state store remembers of each source: last run, status, items kept, new in the last run.",
        subcommands: [Show.self, Prune.self],
        defaultSubcommand: Show.self
    )

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show each source's remembered state (the default).")

        @OptionGroup var location: StoreLocation

        func run() throws {
            let store = try location.open()
            let sources = try ExitCodes.reportingStateFailures { try store.summary() }
            let unread = try ExitCodes.reportingStateFailures { try store.unreadCounts() }
            let time = TerminalTime(timeZone: TerminalTime.localZone(environment: ProcessInfo.processInfo.environment))
            var lines = ["\(store.path.path) · \(ByteCount.format(store.sizeOnDisk))"]
            if sources.isEmpty { lines.append("no runs of \(store.config) yet") }
            for source in sources {
                let message = source.message.map { ": \($0)" } ?? ""
                lines.append(
                    "\(source.source): last run \(time.stamp(source.lastRun)) \(source.status)\(message) · "
                        + "\(source.itemsKept == 1 ? "1 item" : "\(source.itemsKept) items") kept · "
                        + "\(source.newInLastRun) new in the last run · \(unread[source.source] ?? 0) unread"
                )
            }
            StandardOutput.write(lines.joined(separator: "\n") + "\n")
        }
    }

    struct Prune: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "prune",
            abstract: "Forget items no run has shown within feeds.json's retention (default 90d), now."
        )

        @OptionGroup var location: StoreLocation

        @Option(
            name: .long, help: ArgumentHelp("Forget items older than this instead (90d, 12h, 2w).", valueName: "span"))
        var olderThan: String?

        func validate() throws {
            if let olderThan, Duration.parse(olderThan, .span) == nil {
                throw ValidationError(
                    "--older-than \(TextCleanup.singleLine(olderThan)): expected \(Duration.Accepted.span.forms)")
            }
        }

        func run() throws {
            let retention = try olderThan.flatMap { Duration.parse($0, .span) } ?? configuredRetention()
            let store = try location.open()
            let removed = try ExitCodes.reportingStateFailures { try store.prune(olderThan: retention, now: Date()) }
            StandardOutput.write(
                "forgot \(removed == 1 ? "1 item" : "\(removed) items") not seen within "
                    + "\(olderThan ?? "the retention")\n"
            )
        }

        /// feeds.json's `retention`, read without building sources.
        private func configuredRetention() throws -> Duration {
            let registry = BundledSources.registry(environment: ProcessInfo.processInfo.environment)
            let loader = ConfigLoader(registry: registry, secretsOptional: true)
            return try ExitCodes.reportingStateFailures {
                try loader.load(contentsOf: location.config.file()).retention
            }
        }
    }
}
