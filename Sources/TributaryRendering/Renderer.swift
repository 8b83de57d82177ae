import Tributary

/// Where a renderer writes: the document's bytes, piece by piece, in order.
public typealias ByteSink = ([UInt8]) -> Void

/// An output format: the value `--format` takes, the media type and file extension of its
/// documents, and how it writes a digest. `Renderer.all` is the list of every format;
/// `digest`, `watch` and `serve` take theirs from it.
public struct Renderer: Sendable {
    /// `--format`'s value for it, such as `json`.
    public let name: String
    /// Its documents' media type, for `Content-Type`, such as `application/json`.
    public let mediaType: String
    /// The file extension of its documents, without the dot, such as `json`.
    public let fileExtension: String
    private let document: @Sendable (Digest, RenderOptions, ByteSink) -> Void
    private let item: (@Sendable (FeedItem, ItemMemory?, RenderOptions) -> String)?

    /// A format; `item`, when given, writes one item on one line (what `watch` writes
    /// piped). Formats that are whole documents (the feeds) have none.
    public init(
        name: String, mediaType: String, fileExtension: String,
        document: @escaping @Sendable (Digest, RenderOptions, ByteSink) -> Void,
        item: (@Sendable (FeedItem, ItemMemory?, RenderOptions) -> String)? = nil
    ) {
        self.name = name
        self.mediaType = mediaType
        self.fileExtension = fileExtension
        self.document = document
        self.item = item
    }

    /// Writes `digest` to `sink` in pieces; `options` matter to the terminal formats only.
    public func write(_ digest: Digest, options: RenderOptions = RenderOptions(), to sink: ByteSink) {
        document(digest, options, sink)
    }

    /// The whole document as bytes.
    public func bytes(_ digest: Digest, options: RenderOptions = RenderOptions()) -> [UInt8] {
        var bytes: [UInt8] = []
        write(digest, options: options) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Whether the format writes one item per line (`watch` piped).
    public var writesLines: Bool { item != nil }

    /// `item` on one line, without its newline; nil for a format that writes no lines.
    public func line(for item: FeedItem, remembered: ItemMemory?, options: RenderOptions = RenderOptions()) -> String? {
        self.item?(item, remembered, options)
    }
}
