import Tributary

/// A `feed` entry to add to feeds.json, and its text.
public struct NewFeedEntry: Sendable, Equatable {
    public var id: String
    public var subscription: Subscription

    public init(id: String, subscription: Subscription) {
        self.id = id
        self.subscription = subscription
    }

    /// The entry as a JSON object, one key a line, each line starting with `indent`.
    func json(indent: String) -> String {
        var lines = [field("id", id), field("type", "feed")]
        if let title = subscription.title { lines.append(field("title", title)) }
        lines.append(field("url", subscription.feedURL))
        if let site = subscription.siteURL { lines.append(field("siteURL", site)) }
        if !subscription.folders.isEmpty {
            var writer = JSONWriter(capacity: 64)
            writer.strings(subscription.folders)
            lines.append("\"tags\": " + String(decoding: writer.bytes, as: UTF8.self))
        }
        let inner = indent + "  "
        return indent + "{\n" + lines.map { inner + $0 }.joined(separator: ",\n") + "\n" + indent + "}"
    }

    private func field(_ key: String, _ value: String) -> String {
        var writer = JSONWriter(capacity: value.utf8.count + 16)
        writer.string(value)
        return "\"\(key)\": " + String(decoding: writer.bytes, as: UTF8.self)
    }
}
