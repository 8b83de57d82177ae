import Tributary
import TributaryInterchange

/// Prints what an import or an `add` changes (or would change), one line per feed.
struct FeedsChangeReport {
    let config: String
    let dryRun: Bool

    func print(_ change: FeedsChange) {
        var lines: [String] = []
        for entry in change.added {
            let tags =
                entry.subscription.folders.isEmpty ? "" : " [\(entry.subscription.folders.joined(separator: ", "))]"
            lines.append("\(dryRun ? "would add" : "added") \(entry.id): \(entry.subscription.feedURL)\(tags)")
        }
        for (subscription, existing) in change.skipped {
            let listedTwice = change.added.contains { $0.id == existing }
            let reason = listedTwice ? "listed more than once; added once, as" : "already in \(config) as"
            lines.append("skipped \(subscription.feedURL): \(reason) \(existing)")
        }
        let verb = dryRun ? "would add" : "added"
        lines.append("\(config): \(verb) \(change.added.count) feeds, skipped \(change.skipped.count) already present")
        StandardOutput.write(lines.map(TextCleanup.singleLine).joined(separator: "\n") + "\n")
    }
}
