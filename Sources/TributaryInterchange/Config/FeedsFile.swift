import Foundation
import Tributary

/// feeds.json as `import` and `add` change it. The file must be valid to start with; new
/// `feed` entries are added as text at the end of `sources` (see `ConfigText`), so
/// comments, trailing commas and the order of existing entries stay; the result is
/// validated before anything is written; the old file is kept as `feeds.json.bak`; the
/// new one replaces it atomically. A missing file is created.
public struct FeedsFile {
    public let url: URL
    let registry: SourceRegistry
    /// The file's bytes; nil when it does not exist yet.
    let bytes: [UInt8]?
    /// The file's top-level object and its `sources` entries as written, before `${VAR}` expansion.
    let root: [String: JSONValue]
    let entries: [[String: JSONValue]]
    /// The ids in use.
    let ids: [String]
    /// The `url` of each `feed` entry, as written (before `${VAR}` expansion), to its id.
    let feedURLs: [String: String]
    /// The file as a run reads it; nil when it does not exist yet.
    public let config: FeedsConfig?

    /// Reads and validates the file at `url` (which may not exist yet).
    public init(url: URL, registry: SourceRegistry, environment: [String: String]) throws {
        self.url = url
        self.registry = registry
        guard let data = FileManager.default.contents(atPath: url.path) else {
            (bytes, root, entries, ids, feedURLs, config) = (nil, [:], [], [], [:], nil)
            return
        }
        do {
            config = try ConfigLoader(registry: registry, environment: environment).load(
                data, name: url.lastPathComponent, folder: url.deletingLastPathComponent())
        } catch let error as TributaryError {
            throw TributaryError(
                .invalidConfiguration,
                "\(url.path) is not valid; fix it first (`tributary validate`); nothing was changed:\n"
                    + error.message)
        }
        bytes = Array(data)
        // Valid, so it parses; read once more for what the loader does not keep (text before expansion).
        if case .object(let object)? = try? JSONReader.parse(data, as: .configuration).0 {
            root = object
        } else {
            root = [:]
        }
        if case .array(let list)? = root["sources"] {
            entries = list.compactMap { if case .object(let entry) = $0 { entry } else { nil } }
        } else {
            entries = []
        }
        ids = entries.compactMap { $0["id"]?.stringValue }
        feedURLs = Dictionary(
            entries.compactMap { entry in
                guard entry["type"]?.stringValue == "feed", let url = entry["url"]?.stringValue,
                    let id = entry["id"]?.stringValue
                else { return nil }
                return (url, id)
            }, uniquingKeysWith: { first, _ in first })
    }

    /// The id of the entry that already reads `feedURL` (taken literally), if one does.
    public func entry(reading feedURL: String) -> String? {
        feedURLs[LiteralText.escaped(feedURL)]
    }
}
