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
        print(RuleTrialText(trial).text, terminator: "")
    }
}

/// `rules test`'s report as text: a heading per rule, then its items, one a line.
struct RuleTrialText {
    let trial: RuleTrial

    init(_ trial: RuleTrial) { self.trial = trial }

    /// The report, each line ending in a newline. Each item is described once, however many
    /// rules list it (100,000 items took 263,000 lines).
    var text: String {
        let described = ParallelWork.map(trial.items, Self.describe)
        var text = ""
        func line(_ heading: String, _ positions: [Int], dropped: (Int) -> Bool = { _ in false }) {
            text += heading + "\n"
            for position in positions {
                text += dropped(position) ? "  dropped " : "  "
                text += described[position]
                text += "\n"
            }
        }
        for outcome in trial.outcomes {
            let rule = outcome.rule
            let label = rule.name == rule.path ? rule.path : "\(rule.path) \"\(rule.name)\""
            let dropped = outcome.dropped.isEmpty ? "" : ", dropped \(outcome.dropped.count)"
            let missed = outcome.missed.isEmpty ? "" : ", dropped \(outcome.missed.count) it did not match"
            line(
                "\(label): matched \(Plural.count(outcome.matched.count, "item"))\(dropped)\(missed)", outcome.matched,
                dropped: { outcome.dropped.contains($0) })
            for position in outcome.missed { text += "  dropped " + described[position] + "\n" }
        }
        if !trial.droppedForNoKeep.isEmpty {
            line(
                "dropped because no keep rule matched: \(Plural.count(trial.droppedForNoKeep.count, "item"))",
                trial.droppedForNoKeep)
        }
        line("no rule touched \(Plural.count(trial.untouched.count, "item"))", trial.untouched)
        return text
    }

    /// An item as one line: its title (cleaned for the terminal) and source.
    static func describe(_ item: FeedItem) -> String {
        "\(TextCleanup.singleLine(item.title)) (\(item.source))"
    }
}
