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
        _ = unsafe all().withUnsafeBytes { unsafe body($0) }
    }
}

/// Detects the format and reads a feed into a snapshot.
enum FeedReading {
    /// `splitFrom`: the size from which a file is read by two readers (see `SecondHalfReader`).
    /// `charset`: the HTTP `charset`, which applies when the document has no byte-order mark
    /// and declares no encoding. `baseURL` (the HTTP `Content-Location`), when given, is
    /// what relative links resolve against instead of `documentURL`.
    static func read(
        _ bytes: some FeedByteSource, documentURL: URL, baseURL: URL? = nil, limit: Int?, mediaType: String? = nil,
        charset: String? = nil, splitFrom: Int = SecondHalfReader.minimumFileSize
    ) throws -> SourceUpdate {
        let (encoding, markLength) = FeedTextEncoding.detect(try bytes.head())
        guard encoding == .utf8 else {
            let wide = WideFeedBytes(source: bytes, encoding: encoding, markLength: markLength)
            var update = try readUTF8(
                wide, documentURL: documentURL, baseURL: baseURL, limit: limit, mediaType: mediaType, converted: true
            )
            let mark = markLength > 0 ? "byte-order mark" : "no byte-order mark"
            update.diagnostics.insert("read as \(encoding.name) (\(mark)), converted to UTF-8", at: 0)
            return update
        }
        return try readUTF8(
            bytes, documentURL: documentURL, baseURL: baseURL, limit: limit, mediaType: mediaType, charset: charset,
            splitFrom: splitFrom)
    }

    /// Reads a document in UTF-8 (or the encodings the byte repair reads, or one it leaves
    /// to libxml2); `converted`: UTF-8 whatever it declares.
    private static func readUTF8(
        _ bytes: some FeedByteSource, documentURL: URL, baseURL: URL?, limit: Int?, mediaType: String?,
        charset: String? = nil,
        splitFrom: Int = SecondHalfReader.minimumFileSize, converted: Bool = false
    ) throws -> SourceUpdate {
        let head = try bytes.head()
        guard let first = firstSignificantByte(head) else {
            throw TributaryError(.badResponse, "the feed is empty")
        }
        if first == UInt8(ascii: "{") {
            let (feed, entries, diagnostic) = try JSONFeedDocument.read(
                try bytes.all(), documentURL: (baseURL ?? documentURL).absoluteString, limit: limit)
            return snapshot(feed, entries, url: documentURL, diagnostics: diagnostic.map { [$0] } ?? [])
        }
        guard first == UInt8(ascii: "<") else {
            let what = mediaType.map { " (\($0))" } ?? ""
            throw TributaryError(.badResponse, "the document\(what) is neither XML nor JSON, so not a feed")
        }
        return try readXML(
            bytes, documentURL: documentURL, baseURL: baseURL, limit: limit, splitFrom: splitFrom, converted: converted,
            charset: charset)
    }

    static func readXML(
        _ bytes: some FeedByteSource, documentURL: URL, baseURL: URL? = nil, limit: Int?, splitFrom: Int,
        converted: Bool, charset: String? = nil
    ) throws -> SourceUpdate {
        let base = (baseURL ?? documentURL).absoluteString  // what relative links resolve against
        var mapper: ParallelMapper?
        var second: SecondHalfReader?
        let splittable = limit == nil ? bytes as? FeedFile : nil
        var handed = 0  // bytes of the file given to the reader so far
        var stopAt = Int.max  // where the second reader, once started, takes over
        let reader = unsafe FeedXMLReader(
            documentURL: base, limit: limit, batchSize: ParallelMapper.batchSize,
            convertedToUTF8: converted, charset: charset
        ) { state, batch in
            if mapper == nil, let feed = state.feed {
                let kind = WellKnownFeed.recognise(url: documentURL, feed: feed)
                let map: ParallelMapper.Mapping = { FeedMapping.append($0, to: &$1, feed: feed, kind: kind) }
                mapper = ParallelMapper(map: map)
                // A document that declares entities is read by one parser, which knows their names.
                if let splittable, state.entityDeclarations == 0 {
                    second = SecondHalfReader.start(
                        splittable, after: handed, minimumSize: splitFrom, outline: state.outline,
                        documentURL: base, map: map
                    )
                    stopAt = second?.start ?? .max
                }
            }
            mapper?.add(batch)
        }
        defer { second?.cancel() }  // whatever ends the reading early ends the second reader's too
        unsafe try reader.begin()
        unsafe try bytes.chunks { chunk in
            let taken = unsafe UnsafeRawBufferPointer(rebasing: chunk[..<min(chunk.count, stopAt - handed)])
            handed += taken.count
            return unsafe reader.read(taken) && handed < stopAt
        }
        var secondHalf: (items: [FeedItem], errorCount: Int, firstError: String?)?
        var diagnostics: [String] = []
        if let second, let splittable {
            if unsafe reader.endBetweenEntries() {
                secondHalf = try second.wait()
                diagnostics.append("read by two parsers, the second from byte \(second.start)")
            } else {
                second.cancel()
                _ = try? second.wait()
                unsafe try splittable.chunks(from: second.start) { unsafe reader.read($0) }
                unsafe reader.end()
                diagnostics.append(
                    "read by one parser: byte \(second.start), where a second would have started, is not between "
                        + "entries"
                )
            }
        } else {
            unsafe reader.end()
        }
        if let failure = unsafe reader.state.failure { throw failure }
        guard let feed = unsafe reader.state.feed else {
            let detail = unsafe reader.state.firstError.map { ": \($0)" } ?? ""
            throw TributaryError(.badResponse, "the document is not a readable XML feed\(detail)")
        }
        let mapping =
            mapper
            ?? ParallelMapper {
                FeedMapping.append($0, to: &$1, feed: feed, kind: WellKnownFeed.recognise(url: documentURL, feed: feed))
            }
        var items = unsafe mapping.finish(reader.state.remainder)
        if let secondHalf { items += secondHalf.items }
        FeedMapping.settlePhotos(&items, kind: WellKnownFeed.recognise(url: documentURL, feed: feed))
        var update = SourceUpdate(items: items, notes: [label(feed.format)], diagnostics: diagnostics)
        let errorCount = unsafe reader.state.errorCount + (secondHalf?.errorCount ?? 0)
        let firstError = unsafe reader.state.firstError ?? secondHalf?.firstError
        if errorCount > 0 {
            update.diagnostics.append("recovered from \(errorCount) XML errors (first: \(firstError ?? "?"))")
        }
        if unsafe reader.state.entityDeclarations > 0 {
            update.diagnostics.append(
                unsafe "read \(reader.state.entityDeclarations) entity declarations (internal ones expanded)")
        }
        return update
    }

    static func snapshot(_ feed: RawFeed, _ entries: EntryBatch, url: URL, diagnostics: [String] = []) -> SourceUpdate {
        let kind = WellKnownFeed.recognise(url: url, feed: feed)
        var items = FeedMapping.items(entries, feed: feed, kind: kind)
        FeedMapping.settlePhotos(&items, kind: kind)
        return SourceUpdate(items: items, notes: [label(feed.format)], diagnostics: diagnostics)
    }

    static func label(_ format: FeedFormat) -> String {
        switch format {
        case .rss: "RSS"
        case .rdf: "RSS 1.0 (RDF)"
        case .atom: "Atom"
        case .cdf: "CDF"
        case .jsonFeed: "JSON Feed"
        }
    }

    /// The first byte that is not whitespace or a UTF-8 byte-order mark.
    static func firstSignificantByte(_ data: Data) -> UInt8? {
        data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
    }
}
