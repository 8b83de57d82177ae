import Foundation
import Tributary

/// Reads RSS 0.9x/1.0/2.0, RDF, Atom 1.0 and JSON Feed 1.0/1.1 documents into snapshots,
/// for the sources that carry them (`feed`, `exec`); the format is detected from the
/// content, not the address. Each reading runs on a thread of its own (see
/// `DedicatedThread`), never on a cooperative thread: it takes CPU and it blocks.
public enum FeedDocument {
    /// A local file, read in chunks (a large one by two parsers at once).
    public static func read(file url: URL, limit: Int?) async throws -> SourceUpdate {
        try await DedicatedThread.run("tributary.feed") {
            try FeedReading.read(FeedFile(url: url), documentURL: url, limit: limit)
        }
    }

    /// An HTTP body from `documentURL`; `mediaType`, the type the server declared, is
    /// named when the body is not a feed; `contentType`'s `charset` is the encoding of an
    /// XML document with no byte-order mark that declares none; `contentLocation`, the
    /// response's `Content-Location`, is the base relative links resolve against, before
    /// any `xml:base`.
    public static func read(
        body: Data, documentURL: URL, limit: Int?, mediaType: String?, contentType: String? = nil,
        contentLocation: String? = nil
    ) async throws -> SourceUpdate {
        let charset = contentType.flatMap(charset(inContentType:))
        let base = contentLocation.flatMap { baseURL(contentLocation: $0, documentURL: documentURL) }
        return try await DedicatedThread.run("tributary.feed") {
            try FeedReading.read(
                FeedBody.memory(body), documentURL: documentURL, baseURL: base, limit: limit, mediaType: mediaType,
                charset: charset)
        }
    }

    /// A `Content-Location` resolved against the address fetched (RFC 9110 §8.7), when it
    /// is an http(s) address: a server's header is never trusted to point elsewhere.
    static func baseURL(contentLocation: String, documentURL: URL) -> URL? {
        let value = contentLocation.trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty, let url = URL(string: value, relativeTo: documentURL)?.absoluteURL,
            ["http", "https"].contains(url.scheme?.lowercased() ?? "")
        else { return nil }
        return url
    }

    /// The `charset` parameter of a `Content-Type` header, unquoted and lowercased.
    static func charset(inContentType contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else {
                continue
            }
            let value = pair[1].trimmingCharacters(in: CharacterSet.whitespaces.union(["\"", "'"])).lowercased()
            return value.isEmpty ? nil : value
        }
        return nil
    }
}
