import Foundation
import Tributary
import TributaryLive
import TributaryState

/// Sets up the live pipeline for `watch` and `serve`: the configuration, one HTTP client
/// and clock for the whole session, and the state store's memory of new and read items.
struct LiveRun {
    let run: PipelineRun

    init(options: RunOptions, state: StateOptions) {
        run = PipelineRun(options: options, state: state)
    }

    /// The live pipeline over the selected sources; throws configuration errors (an
    /// unknown `--source`, a `refresh` below its minimum) before anything is fetched.
    func pipeline() throws -> LivePipeline {
        let config = try run.loadConfig()
        let store = try run.openStore()
        let digests = run.digestPipeline(config, using: try run.client(for: config), store: store)
        let selection = run.options.source.isEmpty ? nil : Set(run.options.source)
        var live = try LivePipeline(digests, only: selection)
        live.memory = store.map { LiveMemory(store: $0, warn: { StandardError.write("tributary: warning: \($0)") }) }
        return live
    }

    /// The `--new`/`--since`/`--unread` filter for a digest made at `now`.
    func filter(now: Date) -> MemoryFilter {
        run.state.filter(previousRun: nil, now: now)
    }
}
