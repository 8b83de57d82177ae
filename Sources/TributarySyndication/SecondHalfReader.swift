import Foundation
import Tributary

/// Reads the second half of a large feed file on its own thread while the first reader
/// reads the first half: parsing, not the network or the disk, is what a large local
/// feed waits on, and one libxml2 parser uses one core.
///
/// It starts once the first reader has handed on its first batch, so the outline (how
/// entries are laid out and named) is known: it finds an entry's start tag halfway
/// through what is left of the file, gives its own reader the outline's preamble (the
/// entries' ancestors reopened, with their namespaces and `xml:base`) and then the file
/// from that tag on, and maps its entries as the first reader's are mapped. The first
/// reader stops at the tag and checks it stands between entries there (`FeedXMLReader.
/// endBetweenEntries`); when it does not (the tag was text in a comment, say), this
/// reader is cancelled and the first reads on, so the items are always those of one
/// sequential read.
final class SecondHalfReader: @unchecked Sendable {
    /// Files below this size are read by one reader: a second thread would not pay.
    static let minimumFileSize = 16 << 20

    /// Where in the file this reader starts: the first byte of an entry's start tag.
    let start: Int
    private let lock = NSLock()
    private let finished = DispatchSemaphore(value: 0)
    /// Guarded by `lock`.
    private var cancelled = false
    /// Written by the reading thread before `finished` is signalled.
    private var result: Result<(items: [FeedItem], errorCount: Int, firstError: String?), any Error>?

    private init(start: Int) {
        self.start = start
    }

    /// Starts reading `file` from an entry's start tag past the middle of what follows
    /// `offset`; nil when the file is smaller than `minimumSize`, over the size cap, or no
    /// such tag is found.
    static func start(
        _ file: FeedFile, after offset: Int, minimumSize: Int, outline: FeedOutline, documentURL: String,
        map: @escaping ParallelMapper.Mapping
    ) -> SecondHalfReader? {
        guard let name = outline.entryName,
            let start = try? file.withHandle({ handle -> Int? in
                let size = Int(try handle.seekToEnd())
                // A file over the size cap is left to the one reader, which refuses it.
                guard size >= minimumSize, size <= FeedFile.maxBytes else { return nil }
                return try entryStart(in: handle, named: name, from: offset + (size - offset) / 2, before: size)
            })
        else { return nil }
        let reader = SecondHalfReader(start: start)
        let preamble = outline.preamble()
        Thread.detachNewThread { reader.read(file, preamble: preamble, documentURL: documentURL, map: map) }
        return reader
    }

    /// Stops the reading at its next chunk.
    func cancel() {
        lock.withLock { cancelled = true }
    }

    /// Waits for the reading to end: its items, XML error count and first error.
    func wait() throws -> (items: [FeedItem], errorCount: Int, firstError: String?) {
        finished.wait()
        finished.signal()
        return try result!.get()
    }

    private var isCancelled: Bool { lock.withLock { cancelled } }

    /// Parses on this thread and maps on a mapper's, as the first reader does, so that
    /// both halves go at the same pace.
    private func read(
        _ file: FeedFile, preamble: [UInt8], documentURL: String, map: @escaping ParallelMapper.Mapping
    ) {
        defer { finished.signal() }
        let mapper = ParallelMapper(map: map)
        let reader = unsafe FeedXMLReader(documentURL: documentURL, limit: nil, batchSize: ParallelMapper.batchSize) {
            _, batch in
            mapper.add(batch)
        }
        result = Result {
            unsafe try reader.begin()
            _ = unsafe preamble.withUnsafeBytes(reader.read)
            unsafe try file.chunks(from: start) { unsafe !self.isCancelled && reader.read($0) }
            unsafe reader.end()
            if let failure = unsafe reader.state.failure { throw failure }
            return unsafe (mapper.finish(reader.state.remainder), reader.state.errorCount, reader.state.firstError)
        }
    }

    /// The offset of the first `<name` followed by whitespace, `>` or `/`, and after a
    /// `>` and whitespace (where an entry starts, unlike the same text in a description),
    /// at or after `from` and within the next half of what is left, read in 64 KB windows.
    private static func entryStart(in file: FileHandle, named name: String, from: Int, before size: Int) throws -> Int?
    {
        let tag = Array(("<" + name).utf8)
        let limit = from + (size - from) / 2
        var offset = from
        while offset < limit {
            try file.seek(toOffset: UInt64(offset))
            guard let window = try file.read(upToCount: 65_536 + tag.count), window.count > tag.count else {
                return nil
            }
            let found = unsafe window.withUnsafeBytes { bytes -> Int? in
                var index = 0
                while index + tag.count < bytes.count {
                    if unsafe bytes[index] == tag[0], unsafe bytes[(index + 1)...].starts(with: tag.dropFirst()),
                        unsafe [0x20, 0x09, 0x0A, 0x0D, 0x3E, 0x2F].contains(bytes[index + tag.count]),
                        unsafe bytes[..<index].last(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == 0x3E
                    {
                        return index
                    }
                    index += 1
                }
                return nil
            }
            if let found { return offset + found }
            offset += 65_536
        }
        return nil
    }
}
