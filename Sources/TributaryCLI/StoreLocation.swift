import ArgumentParser
import Foundation
import TributaryState

/// Which feeds.json and which state store a command that only reads or changes the store
/// works on (`state`, `state prune`, `mark-read`): `--config` and `--state`.
struct StoreLocation: ParsableArguments {
    @OptionGroup var config: ConfigOption

    @Option(name: .long, help: ArgumentHelp("The state store (default as for digest).", valueName: "path"))
    var state: String?

    /// The store, keyed by the config file; a store that cannot be opened exits 3 with its reason.
    /// `readingOnly`: the command writes nothing (see `StateStore.init(path:config:readingOnly:)`).
    func open(readingOnly: Bool = false) throws -> StateStore {
        try ExitCodes.reportingStateFailures {
            try StateOptions.store(
                path: state, config: try config.file().path, environment: ProcessInfo.processInfo.environment,
                readingOnly: readingOnly)
        }
    }
}
