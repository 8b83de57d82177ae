import Foundation
import Tributary

/// What an import or an `add` changes in feeds.json.
public struct FeedsChange: Sendable {
    /// The entries to add, in order.
    public var added: [NewFeedEntry] = []
    /// Feeds left out because an entry (or an earlier feed of the same list) already reads
    /// them: the feed, and the id of the entry that does.
    public var skipped: [(subscription: Subscription, existingID: String)] = []
    /// Feeds left out because their address holds a password, which feeds.json takes only
    /// as `${VAR}`: the user adds them by hand.
    public var withPassword: [Subscription] = []
}

extension FeedsFile {
    /// The change that adds `subscriptions`: one entry per new feed URL, with an id from
    /// its title (or `id`, for a single feed), skipping URLs already present and those that
    /// hold a password. Every value is taken literally (`LiteralText`): a `${` in a title or
    /// address from a file or a page is written `$${`, so it never names a variable.
    public func change(adding subscriptions: [Subscription], id: String? = nil) -> FeedsChange {
        var change = FeedsChange()
        var ids = EntryIDs(taken: self.ids)
        var present = feedURLs
        for subscription in subscriptions.map(\.literal) {
            if EntryChecks.holdsWrittenPassword(subscription.feedURL) {
                change.withPassword.append(subscription)
                continue
            }
            if let existing = present[subscription.feedURL] {
                change.skipped.append((subscription, existing))
                continue
            }
            let newID = id ?? ids.make(title: subscription.title, url: subscription.feedURL)
            present[subscription.feedURL] = newID
            change.added.append(NewFeedEntry(id: newID, subscription: subscription))
        }
        return change
    }

    /// The new text of feeds.json with the change made, checked as `validate` would check
    /// it; throws, saying why, when the new entries would not be valid.
    public func checkedText(_ change: FeedsChange, environment: [String: String]) throws -> [UInt8] {
        let text = try newText(change)
        let loader = ConfigLoader(registry: registry, environment: environment)
        do {
            let loaded = try loader.load(Data(text), name: url.lastPathComponent)
            guard loaded.sources.count == entries.count + change.added.count else {
                throw TributaryError(.invalidConfiguration, "the new entries could not be placed in \"sources\"")
            }
        } catch let error as TributaryError {
            throw TributaryError(
                .invalidConfiguration, "nothing was written: the new entries would not be valid:\n" + error.message)
        }
        return text
    }

    /// Writes the change (`checkedText`), keeping the old file as `<name>.bak` and
    /// replacing the file atomically. Returns the backup's address, or nil when there was
    /// no file before. Writes nothing when the change adds nothing.
    @discardableResult
    public func write(_ change: FeedsChange, environment: [String: String]) throws -> URL? {
        guard !change.added.isEmpty else { return nil }
        return try replace(with: try checkedText(change, environment: environment))
    }

    /// Replaces the file with `text`, keeping the old one as `<name>.bak` (readable by the
    /// user only); the backup's address, or nil when there was no file before. A failed
    /// write leaves the file as it was.
    func replace(with text: [UInt8]) throws -> URL? {
        do {
            var backup: URL?
            if let bytes {
                backup = url.appendingPathExtension("bak")
                try AtomicFile.write(Data(bytes), to: backup!, mode: 0o600)  // it may hold what the user follows
            } else {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            try AtomicFile.write(Data(text), to: url)
            return backup
        } catch {
            throw TributaryError(
                .invalidConfiguration,
                "cannot write \(TextCleanup.singleLine(url.path)): \(AtomicFile.reason(error)); it is as it was")
        }
    }

    private func newText(_ change: FeedsChange) throws -> [UInt8] {
        guard let bytes else { return ConfigText.new(with: change.added) }
        guard let text = ConfigText.adding(change.added, to: bytes) else {
            throw TributaryError(.invalidConfiguration, "\(url.path) has no \"sources\" list to add to")
        }
        return text
    }
}

extension Subscription {
    /// The subscription as feeds.json must hold it to mean exactly these values.
    fileprivate var literal: Subscription {
        Subscription(
            title: title.map(LiteralText.escaped), feedURL: LiteralText.escaped(feedURL),
            siteURL: siteURL.map(LiteralText.escaped), folders: folders.map(LiteralText.escaped))
    }
}
