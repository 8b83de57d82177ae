import Foundation
import Tributary

extension FeedsFile {
    /// The entries another reader can follow, in feeds.json order: every enabled `feed`
    /// entry (disabled ones too with `includingDisabled`), with `url`, `title` and `siteURL`
    /// as written (a `${VAR}` is never expanded, so no secret leaves the file; a `$${` escape
    /// is read as the `${` it stands for; a local file as its absolute `file://` address) and
    /// `tags` as folders; then any other entry whose source has a feed address of its own
    /// (`FeedAddressable`, such as Flickr's public feed).
    public func subscriptions(includingDisabled: Bool = false) -> [Subscription] {
        let validated = config?.sources ?? []
        return entries.enumerated().compactMap { index, entry in
            guard includingDisabled || entry["enabled"] != .bool(false) else { return nil }
            let checked = validated.first { $0.path == "sources[\(index)]" }
            guard entry["type"]?.stringValue == "feed" else { return checked.flatMap(addressed) }
            guard let written = entry["url"]?.stringValue else { return nil }
            let isWeb = ["http://", "https://"].contains { written.lowercased().hasPrefix($0) }
            let url = isWeb ? written : checked?.string("url") ?? written  // a path or file: made absolute
            let text = { (key: String) in entry[key]?.stringValue.map(LiteralText.unescaped) }
            return Subscription(
                title: text("title") ?? entry["id"]?.stringValue, feedURL: LiteralText.unescaped(url),
                siteURL: text("siteURL"), folders: (entry["tags"]?.stringList ?? []).map(LiteralText.unescaped))
        }
    }

    /// Every entry (enabled ones unless `includingDisabled`) as the feed `tributary serve`
    /// at `server` makes of it, `{server}/feeds/{id}.atom`, whatever its type; its tags
    /// become folders.
    public func servedSubscriptions(at server: URL, includingDisabled: Bool = false) -> [Subscription] {
        let base =
            server.absoluteString.hasSuffix("/") ? String(server.absoluteString.dropLast()) : server.absoluteString
        return entries.compactMap { entry in
            guard includingDisabled || entry["enabled"] != .bool(false), let id = entry["id"]?.stringValue else {
                return nil
            }
            let path =
                id.addingPercentEncoding(
                    withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? id
            let text = { (key: String) in entry[key]?.stringValue.map(LiteralText.unescaped) }
            return Subscription(
                title: text("title") ?? id, feedURL: "\(base)/feeds/\(path).atom",
                folders: (entry["tags"]?.stringList ?? []).map(LiteralText.unescaped))
        }
    }

    /// The subscription to a source's own feed address, when it has one.
    private func addressed(_ entry: SourceEntry) -> Subscription? {
        guard let source = try? registry[entry.type]?.make(entry) as? any FeedAddressable,
            let address = source.feedAddress
        else { return nil }
        return Subscription(title: entry.title ?? entry.id, feedURL: address.absoluteString)
    }

    /// The digest's `title`, as written; nil when the file sets none.
    public var title: String? {
        root["title"]?.stringValue
    }
}
