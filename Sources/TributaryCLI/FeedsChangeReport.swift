import Tributary
import TributaryInterchange

/// Prints what an import or an `add` changes (or would change), one line per feed, with
/// the credentials in its address redacted, and the outlines of an OPML file left out.
struct FeedsChangeReport {
    let config: String
    let dryRun: Bool
    /// The most line numbers of outlines that are not feeds listed before "and N more".
    static let listedLines = 20

    func print(_ change: FeedsChange, leftOut list: SubscriptionList = SubscriptionList()) {
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
        for outline in list.refused {
            lines.append(
                "refused the outline on line \(outline.line): \"\(Redaction.redact(outline.address))\" \(outline.reason); "
                    + "only http(s) feed addresses are imported")
        }
        if !list.notFeeds.isEmpty { lines.append(Self.notFeeds(list.notFeeds)) }
        let verb = dryRun ? "would add" : "added"
        let withPassword = change.withPassword.isEmpty ? "" : ", \(change.withPassword.count) holding a password"
        let refused = list.refused.isEmpty ? "" : ", refused \(list.refused.count) not http(s)"
        lines.append(
            "\(config): \(verb) \(Plural.count(change.added.count, "feed")), skipped \(change.skipped.count) already present"
                + withPassword + refused)
        StandardOutput.write(lines.map(TextCleanup.singleLine).joined(separator: "\n") + "\n")
    }

    /// "skipped 3 outlines that are not feeds (empty folders or settings): lines 6, 7, 9".
    private static func notFeeds(_ lines: [Int]) -> String {
        let what =
            lines.count == 1
            ? "1 outline that is not a feed (an empty folder or a setting): line"
            : "\(lines.count) outlines that are not feeds (empty folders or settings): lines"
        let more = lines.count > listedLines ? " and \(lines.count - listedLines) more" : ""
        return "skipped \(what) " + lines.prefix(listedLines).map(String.init).joined(separator: ", ") + more
    }
}
