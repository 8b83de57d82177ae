import Foundation
import Tributary

/// Taking entries out of feeds.json and turning them off and on, as `remove`, `disable`
/// and `enable` do: by editing the text (comments and order stay), checked before writing.
extension FeedsFile {
    /// An entry as `tributary list` shows it, from the file as written.
    public struct Listing: Sendable, Equatable {
        public var id: String
        public var type: String
        public var title: String?
        public var tags: [String]
        public var enabled: Bool
    }

    /// Every entry, in feeds.json order.
    public var listings: [Listing] {
        entries.map { entry in
            Listing(
                id: entry["id"]?.stringValue ?? "", type: entry["type"]?.stringValue ?? "",
                title: entry["title"]?.stringValue, tags: entry["tags"]?.stringList ?? [],
                enabled: entry["enabled"] != .bool(false))
        }
    }

    /// The ids of `wanted` that name no entry.
    public func unknownIDs(_ wanted: [String]) -> [String] {
        wanted.filter { !ids.contains($0) }
    }

    /// Takes the entries with these ids out; the backup's address. Every id must name an entry.
    @discardableResult
    public func remove(_ removed: [String], environment: [String: String]) throws -> URL? {
        var text = bytes ?? []
        for index in ids.indices.reversed() where removed.contains(ids[index]) {
            text = try edited(ConfigText.removing(entryAt: index, from: text))
        }
        try check(text, holding: ids.count - Set(removed).intersection(ids).count, environment: environment)
        return try replace(with: text)
    }

    /// Sets `enabled` on the entries with these ids; the backup's address, or nil when
    /// nothing changed.
    @discardableResult
    public func set(enabled: Bool, for chosen: [String], environment: [String: String]) throws -> URL? {
        let before = bytes ?? []
        var text = before
        for index in ids.indices.reversed() where chosen.contains(ids[index]) {
            text = try edited(ConfigText.setting(enabled: enabled, ofEntryAt: index, in: text))
        }
        guard text != before else { return nil }
        try check(text, holding: ids.count, environment: environment)
        return try replace(with: text)
    }

    private func edited(_ text: [UInt8]?) throws -> [UInt8] {
        guard let text else {
            throw TributaryError(.invalidConfiguration, "\(url.path): its \"sources\" list could not be edited")
        }
        return text
    }

    /// Throws, writing nothing, unless `text` is valid and holds `count` entries.
    private func check(_ text: [UInt8], holding count: Int, environment: [String: String]) throws {
        let problem: String
        do {
            let loaded = try ConfigLoader(registry: registry, environment: environment)
                .load(Data(text), name: url.lastPathComponent)
            guard loaded.sources.count != count else { return }
            problem = "the edited file would hold a different number of entries"
        } catch let error as TributaryError {
            problem = error.message
        }
        throw TributaryError(.invalidConfiguration, "nothing was written: the edit would not be valid:\n" + problem)
    }
}
