import Foundation
import Tributary

/// Where a feed document's bytes come from: memory (an HTTP body) or a file read in chunks.
protocol FeedByteSource {
    /// The first bytes, for format detection.
    func head() throws -> Data
    /// All bytes at once (JSON Feed), bounded by the source's cap.
    func all() throws -> Data
    /// Every byte in order, in chunks; `body` returns false to stop early.
    func chunks(_ body: (UnsafeRawBufferPointer) -> Bool) throws
}

enum FeedBody: FeedByteSource {
    case memory(Data)

    func head() throws -> Data { all().prefix(1024) }
    func all() -> Data { if case .memory(let data) = self { data } else { Data() } }
    func chunks(_ body: (UnsafeRawBufferPointer) -> Bool) throws {
        _ = all().withUnsafeBytes { body($0) }
    }
}

/// Detects the format and reads a feed into a snapshot.
enum FeedReading {
    static func read(_ bytes: some FeedByteSource, documentURL: URL, limit: Int?, mediaType: String? = nil) throws -> SourceUpdate {
        let head = try bytes.head()
        guard let first = firstSignificantByte(head) else {
            throw TributaryError(.badResponse, "the feed is empty")
        }
        if first == UInt8(ascii: "{") {
            let feed = try JSONFeedDocument.read(try bytes.all(), documentURL: documentURL.absoluteString)
            return snapshot(feed, url: documentURL, limit: limit)
        }
        guard first == UInt8(ascii: "<") else {
            let what = mediaType.map { " (\($0))" } ?? ""
            throw TributaryError(.badResponse, "the document\(what) is neither XML nor JSON, so not a feed")
        }
        return try readXML(bytes, documentURL: documentURL, limit: limit)
    }

    static func readXML(_ bytes: some FeedByteSource, documentURL: URL, limit: Int?) throws -> SourceUpdate {
        var mapper: ParallelMapper?
        var count = 0
        let reader = FeedXMLReader(documentURL: documentURL.absoluteString) { feed, entry in
            if mapper == nil {
                let kind = WellKnownFeed.recognise(url: documentURL, feed: feed)
                mapper = ParallelMapper { FeedMapping.item($0, feed: feed, kind: kind) }
            }
            mapper?.add(entry)
            count += 1
            return limit.map { count < $0 } ?? true
        }
        try reader.parse { body in try bytes.chunks(body) }
        let items = mapper?.finish() ?? []
        if let failure = reader.failure { throw failure }
        guard let feed = reader.feed else {
            let detail = reader.firstError.map { ": \($0)" } ?? ""
            throw TributaryError(.badResponse, "the document is not a readable XML feed\(detail)")
        }
        var update = SourceUpdate(items: items, notes: [label(feed.format)])
        if reader.errorCount > 0 {
            update.diagnostics.append("recovered from \(reader.errorCount) XML errors (first: \(reader.firstError ?? "?"))")
        }
        if reader.ignoredEntityDeclarations > 0 {
            update.diagnostics.append("ignored \(reader.ignoredEntityDeclarations) entity declarations (never expanded)")
        }
        return update
    }

    static func snapshot(_ feed: RawFeed, url: URL, limit: Int?) -> SourceUpdate {
        let kind = WellKnownFeed.recognise(url: url, feed: feed)
        let entries = limit.map { Array(feed.entries.prefix($0)) } ?? feed.entries
        return SourceUpdate(items: entries.map { FeedMapping.item($0, feed: feed, kind: kind) }, notes: [label(feed.format)])
    }

    static func label(_ format: FeedFormat) -> String {
        switch format {
        case .rss: "RSS"
        case .rdf: "RSS 1.0 (RDF)"
        case .atom: "Atom"
        case .jsonFeed: "JSON Feed"
        }
    }

    /// The first byte that is not whitespace or a UTF-8 byte-order mark.
    static func firstSignificantByte(_ data: Data) -> UInt8? {
        data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
    }
}
