import Foundation
import Tributary

/// Responses that carried `ETag` or `Last-Modified`, kept on disk so the next run can
/// ask "has it changed?" and reuse the body on `304 Not Modified`.
struct ResponseCache: Sendable {
    struct Entry: Codable {
        var url: String
        var etag: String?
        var lastModified: String?
        var status: Int
        var headers: [String: String]
        var storedAt: Date
    }

    let folder: URL

    init(folder: URL) throws {
        self.folder = folder.appendingPathComponent("http")
        try FileManager.default.createDirectory(at: self.folder, withIntermediateDirectories: true)
    }

    func entry(for request: HTTPRequest) -> (Entry, Data)? {
        let stem = StableHash.hex(request.recordingKey)
        guard let meta = try? Data(contentsOf: folder.appendingPathComponent(stem + ".json")),
            let entry = try? JSONDecoder().decode(Entry.self, from: meta),
            entry.url == request.recordingKey,
            let body = try? Data(contentsOf: folder.appendingPathComponent(stem + ".body"))
        else { return nil }
        return (entry, body)
    }

    /// Stores a successful response that has validators; others are not worth keeping.
    /// Nor is one holding secret fields (`secretResponseFields`): kept blanked, it could
    /// not stand in for the real answer after a 304.
    func store(_ response: HTTPResponse) {
        let etag = response.header("etag")
        let lastModified = response.header("last-modified")
        guard response.status == 200, etag != nil || lastModified != nil, response.request.secretResponseFields.isEmpty
        else { return }
        let request = response.request
        let secrets = request.secrets
        let entry = Entry(
            url: request.recordingKey, etag: etag, lastModified: lastModified, status: response.status,
            headers: response.headers.filter { !RecordingFolder.droppedHeaders.contains($0.key) }.mapValues {
                Redaction.redact($0, secrets: secrets)
            },
            storedAt: Date()
        )
        let stem = StableHash.hex(request.recordingKey)
        try? AtomicFile.write(response.body, to: folder.appendingPathComponent(stem + ".body"))
        try? AtomicFile.write(JSONEncoder().encode(entry), to: folder.appendingPathComponent(stem + ".json"))
    }
}
