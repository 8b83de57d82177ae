import Foundation
import Tributary

/// Performs requests through another transport and saves every response to a
/// recordings folder that `ReplayTransport` can answer from. Secrets never reach the
/// files: keys and file names come from the secret-free URL (and a hash of a body only
/// when it holds no secret), secret headers, query values and body values are scrubbed
/// from what is stored, and the response fields a request names as secret (a login's
/// tokens) are stored as `"***"`.
public struct RecordingTransport: HTTPTransport {
    private let base: any HTTPTransport
    private let folder: URL

    public init(recordingTo folder: URL, through base: any HTTPTransport) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.base = base
        self.folder = folder
    }

    public func perform(_ request: HTTPRequest, limits: TransferLimits) async throws -> HTTPResponse {
        let response = try await base.perform(request, limits: limits)
        try save(response)
        return response
    }

    private func save(_ response: HTTPResponse) throws {
        let request = response.request
        let secrets = request.secrets
        let stem = RecordingFolder.stem(for: request)
        let bodyName = stem + ".body." + RecordingFolder.bodyExtension(for: response.mediaType)
        let headers = response.headers
            .filter { !RecordingFolder.droppedHeaders.contains($0.key) }
            .mapValues { Redaction.redact($0, secrets: secrets) }
        let url = Redaction.redact(request.url.absoluteString)
        let recording = Recording(
            request: .init(method: request.method, url: url, bodyHash: request.body?.recordedHash),
            status: response.status, headers: headers, body: bodyName
        )
        let body = SecretFields.blank(request.secretResponseFields, in: response.body)
        try AtomicFile.write(scrubbed(body, secrets), to: folder.appendingPathComponent(bodyName))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(try encoder.encode(recording), to: folder.appendingPathComponent(stem + ".json"))
    }

    /// The body with any secret value that upstream echoed back replaced by `***`.
    private func scrubbed(_ body: Data, _ secrets: [Secret]) -> Data {
        guard !secrets.isEmpty, let text = String(data: body, encoding: .utf8) else { return body }
        return Data(Redaction.redact(text, secrets: secrets).utf8)
    }
}
