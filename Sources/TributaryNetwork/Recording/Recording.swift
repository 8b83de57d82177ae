import Foundation
import Tributary

/// One recorded exchange as stored on disk: `<name>.json` holds this, and the body
/// sits beside it in `<name>.body.<ext>` exactly as the source received it.
struct Recording: Codable {
    struct Request: Codable {
        var method: String
        /// The URL with secrets removed.
        var url: String
        /// A hash of the body of a POST whose body holds no secret; absent otherwise.
        var bodyHash: String?

        /// The key `HTTPRequest.recordingKey` gives the request recorded.
        var key: String { HTTPRequest.recordingKey(method: method, url: url, bodyHash: bodyHash) }
    }

    var request: Request
    var status: Int
    var headers: [String: String]
    /// The body file's name, relative to the recording folder.
    var body: String
}

/// Names and reads the files of a recordings folder.
struct RecordingFolder: Sendable {
    let url: URL

    /// Headers not worth keeping: they describe the transfer, not the content, or may carry secrets.
    static let droppedHeaders: Set<String> = [
        "content-encoding", "content-length", "transfer-encoding", "connection", "date", "set-cookie", "keep-alive",
        "authorization",
    ]

    /// A stable, readable file stem for a request key: host and path in ASCII letters and
    /// digits (at most 80 bytes, so a stem with its suffixes stays far below the 255-byte
    /// limit of a file name, whatever the URL's script), plus a hash of the key.
    static func stem(for request: HTTPRequest) -> String {
        let readable = ((request.url.host ?? "local") + request.url.path)
            .map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" }
            .reduce(into: "") { result, character in
                if !(character == "-" && result.hasSuffix("-")) { result.append(character) }
            }
        return String(readable.prefix(80)).trimmingCharacters(in: CharacterSet(charactersIn: "-")) + "-"
            + StableHash.hex(request.recordingKey)
    }

    static func bodyExtension(for mediaType: String?) -> String {
        guard let mediaType else { return "bin" }
        if mediaType.contains("json") { return "json" }
        if mediaType.contains("xml") || mediaType.contains("rss") || mediaType.contains("atom") { return "xml" }
        if mediaType.contains("html") { return "html" }
        if mediaType.hasPrefix("text/") { return "txt" }
        return "bin"
    }
}
