import Foundation
import Tributary
import TributaryLive
import TributaryRendering

/// `watch` with standard output piped: each item of the live digest written once, as it
/// first appears, one line per item in the renderer's line form (`--format json`: one
/// JSON object per line), so `tributary watch --format json | jq` is a live stream.
struct WatchStream: Sendable {
    /// A format that writes lines (`Renderer.writesLines`).
    let renderer: Renderer
    let setup: LiveRun

    func run(_ live: LivePipeline) async throws {
        var written: Set<String> = []
        for try await update in live.digests {
            let digest = setup.filter(now: update.digest.generatedAt).apply(to: update.digest)
            for (index, item) in digest.items.enumerated() {
                guard written.insert(item.source + "\u{1F}" + item.id).inserted else { continue }
                let line = renderer.line(for: item, remembered: digest.remembered(at: index)) ?? ""
                StandardOutput.write(line + "\n")
            }
        }
    }
}
