import Foundation
import Tributary

extension FeedsFile {
    /// The `feed` entries as subscriptions, in feeds.json order: `url`, `title` and
    /// `siteURL` exactly as written (a `${VAR}` is never expanded, so no secret leaves the
    /// file), and `tags` as folders.
    public var subscriptions: [Subscription] {
        guard let bytes, let root = try? JSONReader.parse(Data(bytes), as: .configuration).0 else { return [] }
        return (Self.rawEntries(root) ?? []).compactMap { entry in
            guard entry["type"]?.stringValue == "feed", let url = entry["url"]?.stringValue else { return nil }
            return Subscription(
                title: entry["title"]?.stringValue ?? entry["id"]?.stringValue, feedURL: url,
                siteURL: entry["siteURL"]?.stringValue, folders: entry["tags"]?.stringList ?? [])
        }
    }

    /// The digest's `title`, as written; nil when the file sets none.
    public var title: String? {
        guard let bytes, case .object(let object)? = try? JSONReader.parse(Data(bytes), as: .configuration).0 else {
            return nil
        }
        return object["title"]?.stringValue
    }
}
