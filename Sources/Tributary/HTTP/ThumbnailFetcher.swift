import Foundation

/// Downloads thumbnails and returns them as `data:` URIs, for a report that must show
/// images offline (`--embed-images`). The host creates one only when a run embeds
/// images, and hands it to sources in `SourceContext.thumbnails`.
///
/// Requests go through the run's transport (so replay and recording apply), each
/// capped at `maxImageSize`, at most `maxConcurrent` at once. An image that fails
/// (error status, not an image, too big) is simply missing from the result.
public struct ThumbnailFetcher: Sendable {
    static let maxImageSize = 2 * 1024 * 1024
    static let maxConcurrent = 8
    static let imageTypes: Set<String> = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif"]

    let http: HTTPClient

    /// A fetcher sending through `client`'s transport, with the image size cap.
    public init(sharing client: HTTPClient) {
        var limits = client.limits
        limits.maxBodySize = Self.maxImageSize
        http = HTTPClient(
            transport: client.transport, limits: limits, gate: client.gate, clock: client.clock,
            sentSecrets: client.sentSecrets)
    }

    /// The images at `urls` as `data:` URIs, keyed by URL; failures are left out.
    public func dataURIs(for urls: [URL]) async -> [URL: String] {
        var uris: [URL: String] = [:]
        await withTaskGroup(of: (URL, String?).self) { group in
            var pending = Set(urls).makeIterator()
            for _ in 0..<Self.maxConcurrent {
                guard let url = pending.next() else { break }
                group.addTask { (url, await dataURI(for: url)) }
            }
            for await (url, uri) in group {
                uris[url] = uri
                if let next = pending.next() { group.addTask { (next, await dataURI(for: next)) } }
            }
        }
        return uris
    }

    /// `data:<type>;base64,…` for the image at `url`, or nil when it cannot be had.
    func dataURI(for url: URL) async -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let response = try? await http.send(HTTPRequest(url: url)), response.isSuccess,
            response.body.count <= Self.maxImageSize, let type = Self.imageType(of: response)
        else { return nil }
        return "data:\(type);base64,\(response.body.base64EncodedString())"
    }

    /// The declared image type when it is one browsers show, else one sniffed from the bytes.
    static func imageType(of response: HTTPResponse) -> String? {
        if let declared = response.mediaType, imageTypes.contains(declared) { return declared }
        let signatures: [(bytes: [UInt8], type: String)] = [
            ([0x89, 0x50, 0x4E, 0x47], "image/png"), ([0xFF, 0xD8, 0xFF], "image/jpeg"),
            (Array("GIF8".utf8), "image/gif"),
        ]
        if let match = signatures.first(where: { response.body.starts(with: $0.bytes) }) { return match.type }
        let isWebP =
            response.body.starts(with: Array("RIFF".utf8))
            && response.body.dropFirst(8).starts(with: Array("WEBP".utf8))
        return isWebP ? "image/webp" : nil
    }
}
