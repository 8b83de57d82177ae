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
            let (feed, entries) = try JSONFeedDocument.read(try bytes.all(), documentURL: documentURL.absoluteString, limit: limit)
            return snapshot(feed, entries, url: documentURL)
        }
        guard first == UInt8(ascii: "<") else {
            let what = mediaType.map { " (\($0))" } ?? ""
            throw TributaryError(.badResponse, "the document\(what) is neither XML nor JSON, so not a feed")
        }
        return try readXML(bytes, documentURL: documentURL, limit: limit)
    }

    static func readXML(_ bytes: some FeedByteSource, documentURL: URL, limit: Int?) throws -> SourceUpdate {
        var mapper: ParallelMapper?
        let makeMapper = { (feed: RawFeed) in
            let kind = WellKnownFeed.recognise(url: documentURL, feed: feed)
            return ParallelMapper { FeedMapping.items($0, feed: feed, kind: kind) }
        }
        let reader = FeedXMLReader(documentURL: documentURL.absoluteString, limit: limit, batchSize: ParallelMapper.batchSize) { feed, batch in
            mapper = mapper ?? makeMapper(feed)
            mapper?.add(batch)
        }
        try reader.parse { body in try bytes.chunks(body) }
        if let failure = reader.failure { throw failure }
        guard let feed = reader.feed else {
            let detail = reader.firstError.map { ": \($0)" } ?? ""
            throw TributaryError(.badResponse, "the document is not a readable XML feed\(detail)")
        }
        let items = (mapper ?? makeMapper(feed)).finish(reader.remainder)
        var update = SourceUpdate(items: items, notes: [label(feed.format)])
        if reader.errorCount > 0 {
            update.diagnostics.append("recovered from \(reader.errorCount) XML errors (first: \(reader.firstError ?? "?"))")
        }
        if reader.ignoredEntityDeclarations > 0 {
            update.diagnostics.append("ignored \(reader.ignoredEntityDeclarations) entity declarations (never expanded)")
        }
        return update
    }

    static func snapshot(_ feed: RawFeed, _ entries: EntryBatch, url: URL) -> SourceUpdate {
        let kind = WellKnownFeed.recognise(url: url, feed: feed)
        return SourceUpdate(items: FeedMapping.items(entries, feed: feed, kind: kind), notes: [label(feed.format)])
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
