import Tributary
import TributaryInterchange

/// Prints what an import or an `add` changes (or would change), one line per feed, with
/// the credentials in its address redacted.
struct FeedsChangeReport {
    let config: String
    let dryRun: Bool

    func print(_ change: FeedsChange) {
        let address = { (subscription: Subscription) in Redaction.redact(subscription.feedURL) }
        var lines: [String] = []
        for entry in change.added {
            let tags =
                entry.subscription.folders.isEmpty ? "" : " [\(entry.subscription.folders.joined(separator: ", "))]"
            lines.append("\(dryRun ? "would add" : "added") \(entry.id): \(address(entry.subscription))\(tags)")
        }
        for (subscription, existing) in change.skipped {
            let listedTwice = change.added.contains { $0.id == existing }
            let reason = listedTwice ? "listed more than once; added once, as" : "already in \(config) as"
            lines.append("skipped \(address(subscription)): \(reason) \(existing)")
        }
        for subscription in change.withPassword {
            lines.append(
                "skipped \(address(subscription)): its address holds a password; add it by hand and "
                    + EntryChecks.passwordInAddressAdvice)
        }
        let verb = dryRun ? "would add" : "added"
        let withPassword = change.withPassword.isEmpty ? "" : ", \(change.withPassword.count) holding a password"
        lines.append(
            "\(config): \(verb) \(Plural.count(change.added.count, "feed")), skipped \(change.skipped.count) already present"
                + withPassword)
        StandardOutput.write(lines.map(TextCleanup.singleLine).joined(separator: "\n") + "\n")
    }
}
