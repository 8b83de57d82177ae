import Foundation
import Tributary

/// JSON Feed 1.0/1.1 reading for other modules: the `exec` source accepts a plugin's
/// output in this format and maps it exactly as the `feed` source does.
public enum JSONFeed {
    /// Whether a decoded JSON object declares itself a JSON Feed (`version` is a jsonfeed.org URL).
    public static func declaresJSONFeed(_ object: [String: JSONValue]) -> Bool {
        object["version"]?.stringValue?.hasPrefix("https://jsonfeed.org/version/") == true
    }

    /// The document's items as a snapshot; relative links resolve against `documentURL`.
    public static func update(from data: Data, documentURL: URL, limit: Int? = nil) throws -> SourceUpdate {
        let (feed, entries, diagnostic) = try JSONFeedDocument.read(
            data, documentURL: documentURL.absoluteString, limit: limit
        )
        return FeedReading.snapshot(feed, entries, url: documentURL, diagnostics: diagnostic.map { [$0] } ?? [])
    }
}
