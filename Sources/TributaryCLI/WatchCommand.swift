import ArgumentParser
import Foundation
import Tributary
import TributaryLive

/// `tributary watch`: the digest, kept fresh. On a terminal it is a reader (`WatchScreen`);
/// piped, it writes each item once, as it arrives.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Keep the digest fresh: read it on a terminal, or write each new item once when piped.",
        discussion: """
            Each source is refreshed every `refresh` (feeds.json, default 15m). On a terminal it is a reader, \
            newest first: j/k or the arrows move, Enter reads an item, o opens its link in $BROWSER, m marks it \
            read, A marks the list read, s stars, / filters, n goes to the next unread, r refreshes every \
            source, S shows the sources, ? lists the keys, q quits. Piped: each item is written once as it \
            arrives, in --format (json: one object per line). Ctrl-C stops it.
            """
    )

    @OptionGroup var run: RunOptions
    @OptionGroup var state: StateOptions

    @Option(name: .long, help: "Format of the items written, one per line, when standard output is not a terminal.")
    var format = LineFormat(.text)

    func validate() throws {
        if state.since == "last" {
            throw ValidationError("--since last has no meaning for watch; give a span or a date")
        }
    }

    func run() async throws {
        let setup = LiveRun(options: run, state: state)
        let live = try await ExitCodes.reportingFailures { try setup.pipeline() }
        defer { live.finishQueuedWrites() }
        let format = format
        try await ExitCodes.reportingFailures {
            let onTerminal = StandardOutput.isTTY && isatty(STDIN_FILENO) != 0
            try await Interruption.cancellingOnSignals(onTerminal ? Interruption.watchSignals : Interruption.signals) {
                if onTerminal {
                    try await WatchScreen(live: live, setup: setup).run()
                } else {
                    try await WatchStream(renderer: format.renderer, setup: setup).run(live)
                }
            }
        }
    }
}
