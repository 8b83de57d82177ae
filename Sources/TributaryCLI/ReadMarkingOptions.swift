import ArgumentParser
import Foundation
import Tributary
import TributaryState

/// What `mark-read` and `mark-unread` share: which items (ids, rows of the last text
/// digest, sources, tags, all, older than a span) and in which store, and the marking itself.
struct ReadMarkingOptions: ParsableArguments {
    @OptionGroup var location: StoreLocation

    @Option(name: .long, help: ArgumentHelp("Every item of this source (repeatable).", valueName: "id"))
    var source: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp("Every item carrying this tag, ignoring case (repeatable).", valueName: "tag"))
    var tag: [String] = []

    @Flag(name: .long, help: "Every item.")
    var all = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Only the chosen items first seen longer ago than this span (\"7d\", \"12h\").",
            valueName: "span"))
    var olderThan: String?

    @Argument(
        help: ArgumentHelp(
            "Items, by id (the \"id\" of `digest --format json`) or by the row numbers the last text digest printed (3, 5-9).",
            valueName: "item"))
    var items: [String] = []

    func validate() throws {
        if !all && source.isEmpty && tag.isEmpty && items.isEmpty {
            throw ValidationError("name items (ids or rows), --source ID, --tag TAG or --all")
        }
        if all && (!source.isEmpty || !tag.isEmpty || !items.isEmpty) {
            throw ValidationError("--all marks every item; leave out items, --source and --tag")
        }
        if let olderThan, Duration.parse(olderThan, .span) == nil {
            throw ValidationError(
                "--older-than \(TextCleanup.singleLine(olderThan)): expected \(Duration.Accepted.span.forms)")
        }
        _ = try ReadTargets(items)
    }

    /// Marks the items read (or unread), prints how many changed, and exits 1 naming what
    /// the store does not hold: ids, sources, or rows past the end of the last digest.
    func mark(read: Bool, now: Date = Date()) throws {
        let store = try location.open()
        let targets = try ReadTargets(items)
        let shown = targets.rows.isEmpty ? nil : try ExitCodes.reportingStateFailures { try store.lastRows() }
        let (ids, missingRows) = targets.resolve(in: shown)
        let before = olderThan.flatMap { Duration.parse($0, .span) }.map { now.addingTimeInterval(-$0.seconds) }
        let selection = StateStore.ReadSelection(
            all: all, sources: source, tags: tag, itemIDs: ids, firstSeenBefore: before)
        let marking = try ExitCodes.reportingStateFailures {
            read ? try store.markRead(selection, at: now) : try store.markUnread(selection)
        }
        let state = read ? "read" : "unread"
        StandardOutput.write("marked \(marking.marked == 1 ? "1 item" : "\(marking.marked) items") \(state)\n")
        let unknown =
            missingRows.map { Self.missing($0, in: shown) }
            + marking.unknownItemIDs.map { "tributary: \($0): no such item in the state store (not marked)" }
            + marking.unknownSources.map { "tributary: --source \($0): no items of it in the state store" }
            + marking.unknownTags.map { "tributary: --tag \($0): no item in the state store carries it" }
        guard !unknown.isEmpty else { return }
        StandardError.write(unknown.map(TextCleanup.singleLine).joined(separator: "\n"))
        throw ExitCode(ExitCodes.partialFailure)
    }

    private static func missing(_ rows: ClosedRange<Int>, in shown: StateStore.DigestRows?) -> String {
        let named = rows.count == 1 ? "row \(rows.lowerBound)" : "rows \(rows.lowerBound)-\(rows.upperBound)"
        guard let shown else {
            return "tributary: \(named): no text digest was shown with this state store yet; run `tributary digest` "
                + "and use its row numbers, or give item ids"
        }
        return "tributary: \(named): the last text digest (\(ISO8601Date.format(shown.shownAt))) had "
            + "\(shown.itemIDs.count == 1 ? "1 row" : "\(shown.itemIDs.count) rows") (not marked)"
    }
}
