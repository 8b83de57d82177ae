import ArgumentParser
import Foundation
import Tributary
import TributaryState

/// The options that choose the state store and what it filters (`digest`, `report`).
struct StateOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The state store (default $XDG_STATE_HOME/tributary/state.sqlite or "
                + "~/.local/state/tributary/state.sqlite).",
            valueName: "path"), completion: .file())
    var state: String?

    @Flag(name: .long, help: "Neither read nor write the state store (no new markers, no stale-if-error).")
    var noState = false

    @Flag(name: .long, help: "Only items no earlier run of this config showed.")
    var new = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Only items first seen after this point: last (the previous run), a span (12h, 3d, 2w) or an ISO "
                + "8601 date or time (2026-11-20, 2026-11-20T08:00+01:00; UTC when it names no zone).",
            valueName: "when"))
    var since: String?

    @Flag(
        name: .long,
        help: "Every unread item of the archive, also those that left their source (see `tributary mark-read`).")
    var unread = false

    @Flag(name: .long, help: "Every starred item of the archive (see `tributary star`).")
    var starred = false

    @Flag(name: .long, help: "Read the state store but write nothing to it.")
    var dryRun = false

    func validate() throws {
        if noState && (new || since != nil || unread || starred || state != nil || dryRun) {
            throw ValidationError(
                "--no-state cannot be used with --state, --new, --since, --unread, --starred or --dry-run")
        }
        if let since, since != "last", Duration.parse(since, .span) == nil, ISO8601Date.parse(since) == nil {
            throw ValidationError(
                "--since \(TextCleanup.singleLine(since)): expected last, \(Duration.Accepted.span.forms) "
                    + "or a date (2026-11-20)")
        }
    }

    /// The store for `config`, or nil with `--no-state`.
    func open(config: String, environment: [String: String]) throws -> StateStore? {
        noState ? nil : try Self.store(path: state, config: config, environment: environment)
    }

    /// The store at `path` (else the default one), keyed by the config file's absolute path.
    static func store(
        path: String?, config: String, environment: [String: String], readingOnly: Bool = false
    ) throws -> StateStore {
        let file = path.map { URL(fileURLWithPath: $0) } ?? StateStore.defaultPath(environment: environment)
        return try StateStore(
            path: file, config: URL(fileURLWithPath: config).standardizedFileURL.path, readingOnly: readingOnly)
    }

    /// The filter the flags ask for; `--since last` needs the previous run's start.
    func filter(previousRun: Date?, now: Date) -> MemoryFilter {
        var after: Date?
        switch since {
        case "last": after = previousRun ?? .distantPast
        case let since?:
            after = Duration.parse(since, .span).map { now.addingTimeInterval(-$0.seconds) } ?? ISO8601Date.parse(since)
        case nil: after = nil
        }
        return MemoryFilter(onlyNew: new, firstSeenAfter: after, onlyUnread: unread)
    }
}
