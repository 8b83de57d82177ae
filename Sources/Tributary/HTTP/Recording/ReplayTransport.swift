import Foundation

/// Answers every request from a recordings folder, with no network.
///
/// Each `*.json` file in the folder (other than bodies) is a `Recording` naming the
/// request it answers, so recordings can be written by `--record` or by hand.
public struct ReplayTransport: HTTPTransport {
    private let folder: URL
    private let index: [String: Recording]

    /// Reads the folder's recordings; throws when the folder cannot be read.
    public init(folder: URL) throws {
        self.folder = folder
        index = try Self.loadIndex(folder)
    }

    public func perform(_ request: HTTPRequest, limits: TransferLimits) async throws -> HTTPResponse {
        guard let recording = index[request.recordingKey] else {
            throw TributaryError(
                .notRecorded,
                "no recording of \(request.recordingKey) in \(folder.path); record one with --record \(folder.path)"
            )
        }
        let body = try Data(contentsOf: folder.appendingPathComponent(recording.body))
        guard body.count <= limits.maxBodySize else {
            throw TributaryError(
                .badResponse, "recorded body larger than the \(ByteCount.format(limits.maxBodySize)) cap")
        }
        return HTTPResponse(status: recording.status, headers: recording.headers, body: body, request: request)
    }

    private static func loadIndex(_ folder: URL) throws -> [String: Recording] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw TributaryError(
                .invalidConfiguration, "cannot read recordings folder \(folder.path): \(error.localizedDescription)")
        }
        var index: [String: Recording] = [:]
        let decoder = JSONDecoder()
        for name in names where name.hasSuffix(".json") && !name.contains(".body.") {
            guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)),
                let recording = try? decoder.decode(Recording.self, from: data)
            else { continue }
            index[recording.request.key] = recording
        }
        return index
    }
}
