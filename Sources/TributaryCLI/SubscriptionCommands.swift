import ArgumentParser
import Foundation
import Tributary
import TributaryInterchange
import TributaryState

/// `tributary list`: every entry of feeds.json, one line each, with its last run.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List feeds.json's entries: id, type, title, tags, enabled, unread items, the last run's status.",
        discussion: "Tab-separated when piped. Exits 3 when feeds.json is invalid.")

    @OptionGroup var location: StoreLocation

    func run() throws {
        let (feeds, environment) = try SubscriptionEdit.open(location.config)
        let storeFile =
            location.state.map { URL(fileURLWithPath: $0) } ?? StateStore.defaultPath(environment: environment)
        let store = FileManager.default.fileExists(atPath: storeFile.path) ? try location.open() : nil
        let summaries = try store?.summary() ?? []
        let unread = try store?.unreadCounts() ?? [:]
        let lastRuns = Dictionary(summaries.map { ($0.source, $0) }, uniquingKeysWith: { first, _ in first })
        for entry in feeds.listings {
            let status =
                lastRuns[entry.id].map { "\($0.status) \(ClockTime.format($0.lastRun, now: Date()))" } ?? "never run"
            let fields = [
                entry.id, entry.type, entry.title ?? "", entry.tags.joined(separator: ","),
                entry.enabled ? "enabled" : "disabled", "\(unread[entry.id] ?? 0) unread", status,
            ]
            print(fields.map { TextCleanup.singleLine($0) }.joined(separator: "\t"))
        }
    }
}

/// `tributary remove ID…`: takes entries out of feeds.json (their state stays).
struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Take entries out of feeds.json (asks first on a terminal; --yes otherwise).",
        discussion: """
            feeds.json is edited as text: comments and the order of the other entries stay, the old \
            file is kept as feeds.json.bak, and the new one replaces it atomically. The state store keeps \
            what it remembers of the entries. Exits 64 for an unknown id, 3 when feeds.json is invalid.
            """)

    @OptionGroup var config: ConfigOption
    @Flag(name: .shortAndLong, help: "Remove without asking.") var yes = false
    @Argument(help: "The ids of the entries to remove.") var ids: [String]

    func run() throws {
        let (feeds, environment) = try SubscriptionEdit.open(config)
        try SubscriptionEdit.refuseUnknown(ids, in: feeds)
        guard yes || SubscriptionEdit.confirm("Remove \(ids.joined(separator: ", ")) from \(feeds.url.path)?") else {
            StandardError.write(
                isatty(STDIN_FILENO) != 0
                    ? "tributary: nothing was removed" : "tributary: pass --yes to remove without a terminal to ask on")
            throw ExitCode.validationFailure
        }
        _ = try ExitCodes.reportingStateFailures { try feeds.remove(ids, environment: environment) }
        let count = Set(ids).count
        print("\(feeds.url.path): removed \(count == 1 ? "1 entry" : "\(count) entries")")
    }
}

/// `tributary enable ID…` and `tributary disable ID…`: sets entries' `enabled`.
struct EnableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable", abstract: "Turn entries of feeds.json back on (\"enabled\" removed from false).",
        discussion: "Edits feeds.json as text, as `remove` does. Exits 64 for an unknown id.")

    @OptionGroup var config: ConfigOption
    @Argument(help: "The ids of the entries to enable.") var ids: [String]

    func run() throws { try SubscriptionEdit.set(enabled: true, ids, config) }
}

struct DisableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "disable", abstract: "Leave entries of feeds.json out of runs (\"enabled\": false).",
        discussion: "Edits feeds.json as text, as `remove` does. Exits 64 for an unknown id.")

    @OptionGroup var config: ConfigOption
    @Argument(help: "The ids of the entries to disable.") var ids: [String]

    func run() throws { try SubscriptionEdit.set(enabled: false, ids, config) }
}

/// What the subscription commands share: opening feeds.json, refusing unknown ids, asking.
enum SubscriptionEdit {
    static func open(_ config: ConfigOption) throws -> (FeedsFile, [String: String]) {
        let environment = ProcessInfo.processInfo.environment
        let registry = BundledSources.registry(environment: environment)
        let file = try config.file(environment: environment)
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw TributaryError(.invalidConfiguration, "\(file.path) does not exist; run `tributary init` first")
        }
        let feeds = try ExitCodes.reportingStateFailures {
            try FeedsFile(url: file, registry: registry, environment: environment)
        }
        return (feeds, environment)
    }

    /// Exit 64, naming each unknown id and the nearest known one.
    static func refuseUnknown(_ ids: [String], in feeds: FeedsFile) throws {
        let unknown = feeds.unknownIDs(ids)
        guard !unknown.isEmpty else { return }
        let known = feeds.listings.map(\.id)
        for id in unknown {
            StandardError.write(
                "tributary: \(TextCleanup.singleLine(id)): no such entry in \(feeds.url.path)"
                    + Suggestion.hint(for: id, in: known))
        }
        throw ExitCode.validationFailure
    }

    static func set(enabled: Bool, _ ids: [String], _ config: ConfigOption) throws {
        let (feeds, environment) = try open(config)
        try refuseUnknown(ids, in: feeds)
        let changed = try ExitCodes.reportingStateFailures {
            try feeds.set(enabled: enabled, for: ids, environment: environment)
        }
        let verb = enabled ? "enabled" : "disabled"
        print(
            changed == nil && FileManager.default.fileExists(atPath: feeds.url.path)
                ? "\(feeds.url.path): nothing to change" : "\(feeds.url.path): \(verb) \(ids.joined(separator: ", "))")
    }

    /// Asks on the terminal; false without one.
    static func confirm(_ question: String) -> Bool {
        guard isatty(STDIN_FILENO) != 0 else { return false }
        FileHandle.standardError.write(Data("\(question) [y/N] ".utf8))
        return readLine()?.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("y") == true
    }
}
