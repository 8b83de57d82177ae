import Foundation
import Tributary

/// Answers every request from a recordings folder, with no network.
///
/// Each `*.json` file in the folder (other than bodies) is a `Recording` naming the
/// request it answers, so recordings can be written by `--record` or by hand.
public struct ReplayTransport: HTTPTransport {
    private let folder: URL
    /// Read in the background from the moment the transport is made (a run opens its
    /// store meanwhile); the first request waits for it.
    private let index: Task<[String: Recording], Never>

    /// Lists the folder's recordings and starts reading them; throws when the folder
    /// cannot be read.
    public init(folder: URL) throws {
        self.folder = folder
        let names = try Self.recordingNames(in: folder)
        index = Task { Self.loadIndex(folder, names: names) }
    }

    public func perform(_ request: HTTPRequest, limits: TransferLimits) async throws -> HTTPResponse {
        guard let recording = await index.value[request.recordingKey] else {
            throw TributaryError(
                .notRecorded,
                "no recording of \(request.recordingKey) in \(folder.path); record one with --record \(folder.path)"
            )
        }
        let body = try Data(
            contentsOf: URL(fileURLWithPath: Self.path(of: recording.body, in: folder), isDirectory: false))
        guard body.count <= limits.maxBodySize else {
            throw TributaryError(
                .badResponse, "recorded body larger than the \(ByteCount.format(limits.maxBodySize)) cap")
        }
        return try HTTPResponse(status: recording.status, headers: recording.headers, body: body, request: request)
            .inflated(within: limits)
    }

    /// The folder's recording files: every `*.json` but bodies.
    private static func recordingNames(in folder: URL) throws -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix(".json") && !$0.contains(".body.") }
        } catch {
            throw TributaryError(
                .invalidConfiguration, "cannot read recordings folder \(folder.path): \(error.localizedDescription)")
        }
    }

    /// The recordings by request key; a file that does not read as one is skipped.
    private static func loadIndex(_ folder: URL, names: [String]) -> [String: Recording] {
        var index: [String: Recording] = [:]
        let decoder = JSONDecoder()
        for name in names {
            guard let data = FileManager.default.contents(atPath: path(of: name, in: folder)),
                let recording = try? decoder.decode(Recording.self, from: data)
            else { continue }
            index[recording.request.key] = recording
        }
        return index
    }

    /// The path of the file `name` in `folder`, joined as text, which is cheaper than
    /// `URL.appendingPathComponent` for every file of a recording.
    private static func path(of name: String, in folder: URL) -> String {
        folder.path + "/" + name
    }
}
