import ArgumentParser
import Foundation
import Tributary

/// `tributary rules`: working with feeds.json's rules.
struct RulesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules", abstract: "Try feeds.json's rules before trusting them.",
        subcommands: [RulesTestCommand.self])
}

/// `tributary rules test`: the rules tried on the current items, acting on nothing.
struct RulesTestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run the rules over the current items without writing anything.",
        discussion: """
            Fetches the sources (or replays a recording with --replay) and prints, for each rule, \
            how many items it matched and which (title and source), which rule dropped what, and the \
            items no rule touched. Nothing is written: no state store, no cache, no snapshots.
            """)

    @OptionGroup var options: RunOptions

    func run() async throws {
        var quietCache = options
        quietCache.noCache = true
        let run = PipelineRun(options: quietCache, state: try StateOptions.parse(["--no-state"]))
        var config = try run.loadConfig()
        config.limit = nil
        let book = RuleBook(config, entryFilters: true)
        guard !book.isEmpty else {
            throw TributaryError(
                .invalidConfiguration,
                "\(try run.configFile().path) has no rules; add a \"rules\" list (see docs/rules.md)")
        }
        let http = try run.client(for: config)
        var reducer = DigestReducer(config: config, grep: options.grep, tags: options.tag)
        reducer.rules = .none
        var unwritten = DigestPipeline(config: config, registry: run.registry, http: http, reducer: reducer)
        unwritten.fetchesIncrementally = false
        unwritten.appliesEntryFilters = false  // the book tries them, so that they are listed
        let pipeline = unwritten
        let reporter = ProgressReporter(quiet: options.quiet, verbose: options.verbose, environment: run.environment)
        let selection = options.source.isEmpty ? nil : Set(options.source)
        let digest = try await Interruption.cancellingOnSignals {
            try await pipeline.run(only: selection, onProgress: reporter.report)
        }
        let trial = RuleTrial(book: book, items: digest.items, now: http.clock.now())
        print(RuleTrialText(trial).lines.joined(separator: "\n"))
    }
}

/// `rules test`'s report as lines of text: a heading per rule, then its items.
struct RuleTrialText {
    let trial: RuleTrial

    init(_ trial: RuleTrial) { self.trial = trial }

    var lines: [String] {
        var lines: [String] = []
        for outcome in trial.outcomes {
            let rule = outcome.rule
            let label = rule.name == rule.path ? rule.path : "\(rule.path) \"\(rule.name)\""
            let dropped = outcome.dropped.isEmpty ? "" : ", dropped \(outcome.dropped.count)"
            let missed = outcome.missed.isEmpty ? "" : ", dropped \(outcome.missed.count) it did not match"
            lines.append("\(label): matched \(Plural.count(outcome.matched.count, "item"))\(dropped)\(missed)")
            lines += outcome.matched.map { item in
                "  " + (outcome.dropped.contains(item.id) ? "dropped " : "") + Self.describe(item)
            }
            lines += outcome.missed.map { "  dropped " + Self.describe($0) }
        }
        if !trial.droppedForNoKeep.isEmpty {
            lines.append("dropped because no keep rule matched: \(Plural.count(trial.droppedForNoKeep.count, "item"))")
            lines += trial.droppedForNoKeep.map { "  " + Self.describe($0) }
        }
        lines.append("no rule touched \(Plural.count(trial.untouched.count, "item"))")
        lines += trial.untouched.map { "  " + Self.describe($0) }
        return lines
    }

    /// An item as one line: its title (cleaned for the terminal) and source.
    static func describe(_ item: FeedItem) -> String {
        "\(TextCleanup.singleLine(item.title)) (\(item.source))"
    }
}
