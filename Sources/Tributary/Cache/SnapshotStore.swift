import Foundation

/// Each source's last good items, kept on disk so a source that fails can still show
/// what it had, marked stale (stale-if-error).
public struct SnapshotStore: Sendable {
    struct Snapshot: Codable {
        var savedAt: Date
        var items: [FeedItem]
    }

    let folder: URL

    public init(folder: URL) throws {
        self.folder = folder.appendingPathComponent("sources")
        try FileManager.default.createDirectory(at: self.folder, withIntermediateDirectories: true)
    }

    func save(_ items: [FeedItem], for sourceID: String) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(Snapshot(savedAt: Date(), items: items)) else { return }
        try? AtomicFile.write(data, to: file(for: sourceID))
    }

    func load(for sourceID: String) -> (savedAt: Date, items: [FeedItem])? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let data = try? Data(contentsOf: file(for: sourceID)), let snapshot = try? decoder.decode(Snapshot.self, from: data) else { return nil }
        return (snapshot.savedAt, snapshot.items)
    }

    private func file(for sourceID: String) -> URL {
        folder.appendingPathComponent(sourceID + ".json")
    }
}
