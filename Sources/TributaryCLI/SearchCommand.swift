import ArgumentParser
import Foundation
import Tributary
import TributaryRendering
import TributaryState

/// `tributary search`: the archive's items that match a full-text query, newest first,
/// in the digest's formats. It reads the store only; no source is fetched.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search every archived item (title, summary, author, tags), newest first.",
        discussion: """
            QUERY is SQLite FTS5 syntax: words must all appear (swift concurrency), "a phrase" in quotes, \
            OR between alternatives (swift OR rust), NOT to leave out (swift NOT ios), a * after a prefix \
            (concurr*). Case and accents do not matter. Exits 3 when the query is not one FTS5 reads.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, markdown
    }

    @OptionGroup var location: StoreLocation

    @Argument(help: ArgumentHelp("What to look for (FTS5 query syntax).", valueName: "query"))
    var query: String

    @Option(name: .long, help: ArgumentHelp("Only items of this source (repeatable).", valueName: "id"))
    var source: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Only items first seen after this point: a span (12h, 3d, 2w) or an ISO 8601 date or time.",
            valueName: "when"))
    var since: String?

    @Flag(name: .long, help: "Only items not marked read.")
    var unread = false

    @Flag(name: .long, help: "Only starred items.")
    var starred = false

    @Option(name: .long, help: ArgumentHelp("Show at most this many (0: all).", valueName: "n"))
    var limit = 50

    @Option(name: .long, help: "Output format: text, json or markdown.")
    var format: Format = .text

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Cut text lines to this many columns (default: the terminal's width; piped, no cut).", valueName: "n"))
    var width: Int?

    func validate() throws {
        if query.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("the query is empty") }
        if limit < 0 { throw ValidationError("--limit must be 0 (all) or more") }
        if let width, width < 20 { throw ValidationError("--width must be 20 or more") }
        if let since, sinceDate(now: Date()) == nil {
            throw ValidationError(
                "--since \(TextCleanup.singleLine(since)): expected \(Duration.Accepted.span.forms) or a date (2026-11-20)"
            )
        }
    }

    private func sinceDate(now: Date) -> Date? {
        guard let since else { return nil }
        return Duration.parse(since, .span).map { now.addingTimeInterval(-$0.seconds) } ?? ISO8601Date.parse(since)
    }

    func run() throws {
        let store = try location.open(readingOnly: true)
        let now = Date()
        let selection = StateStore.ArchiveQuery(
            sources: source.isEmpty ? nil : source, unreadOnly: unread, starredOnly: starred,
            firstSeenAfter: sinceDate(now: now), matching: query, limit: limit == 0 ? nil : limit)
        let found = try ExitCodes.reportingStateFailures { try store.archived(selection, now: now) }
        let digest = Digest(
            archived: found, title: "Search: \(TextCleanup.singleLine(query))", generatedAt: now, sources: [])
        let environment = ProcessInfo.processInfo.environment
        switch format {
        case .text:
            let style = TerminalStyle.forStream(isTTY: StandardOutput.isTTY, environment: environment)
            let renderer = TextRenderer(
                style: style,
                width: TerminalWidth.resolve(explicit: width, isTTY: StandardOutput.isTTY, environment: environment),
                links: style.isEnabled, time: TerminalTime(timeZone: TerminalTime.localZone(environment: environment)))
            StandardOutput.write(renderer.render(digest))
        case .json: StandardOutput.write(try JSONRenderer().render(digest))
        case .markdown: StandardOutput.write(MarkdownRenderer().render(digest))
        }
        if found.isEmpty { StandardError.write("tributary: no archived item matches \(TextCleanup.singleLine(query))") }
    }
}
