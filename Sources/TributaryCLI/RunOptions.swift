import ArgumentParser
import Foundation
import Tributary

/// The options every command that runs the pipeline shares (`digest`, `report`).
struct RunOptions: ParsableArguments {
    @OptionGroup var config: ConfigOption

    @Option(
        name: .long, help: ArgumentHelp("Only run the source with this id (repeatable).", valueName: "id"),
        completion: .custom(SourceCompletion.ids))
    var source: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Keep only items whose title, summary, author or tags contain this text (repeatable: all must match).",
            valueName: "text"))
    var grep: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp("Keep only items with this tag, in any case (repeatable: any may match).", valueName: "tag"))
    var tag: [String] = []

    @Option(
        name: .long, parsing: .unconditional,  // so that `--limit -1` reaches validate() rather than reading as a flag
        help: ArgumentHelp("The digest's size; 0 means no limit. Overrides feeds.json's \"limit\".", valueName: "n"))
    var limit: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Answer every request from recordings in this folder, with no network and no secrets needed.",
            valueName: "dir"), completion: .directory)
    var replay: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Save every response (secrets removed) to this folder, for --replay.", valueName: "dir"),
        completion: .directory)
    var record: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Per-request deadline for sources that set none: seconds or 500ms, 10s, 2m, 1h, 1d (at most 24h) "
                + "(default \(ClockTime.seconds(FeedsConfig.defaultTimeout))s).",
            valueName: "duration"))
    var timeout: String?

    /// `--timeout`, parsed; `validate()` has refused any value that does not parse.
    var timeoutDuration: Duration? { timeout.flatMap { Duration.parse($0) } }

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The cache folder (default $XDG_CACHE_HOME/tributary or ~/.cache/tributary).", valueName: "dir"),
        completion: .directory)
    var cacheDir: String?

    @Flag(name: .long, help: "Neither use nor update the cache (conditional requests and stale-if-error).")
    var noCache = false

    @Flag(name: .shortAndLong, help: "Print no progress on standard error.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Print each source's diagnostics (quota, rate limits) on standard error.")
    var verbose = false

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 (no limit) or more") }
        if let timeout, Duration.parse(timeout) == nil {
            throw ValidationError("--timeout \(TextCleanup.singleLine(timeout)): expected \(Duration.acceptedForms)")
        }
        if replay != nil && record != nil { throw ValidationError("--replay and --record cannot be used together") }
        if quiet && verbose { throw ValidationError("--quiet and --verbose cannot be used together") }
    }
}
