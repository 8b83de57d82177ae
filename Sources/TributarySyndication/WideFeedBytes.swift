import Foundation

/// A UTF-16 or UTF-32 feed document's bytes, converted to UTF-8 as they are read, without
/// their byte-order mark: the readers after it see UTF-8 only.
struct WideFeedBytes<Source: FeedByteSource>: FeedByteSource {
    let source: Source
    let encoding: FeedTextEncoding
    /// The length of the byte-order mark the source starts with, skipped.
    let markLength: Int

    func head() throws -> Data {
        converted(try source.head(), final: false)
    }

    func all() throws -> Data {
        converted(try source.all(), final: true)
    }

    func chunks(_ body: (UnsafeRawBufferPointer) -> Bool) throws {
        var decoder = WideTextDecoder(encoding)
        var skipped = 0
        var more = true
        try source.chunks { chunk in
            let mark = min(markLength - skipped, chunk.count)
            skipped += mark
            decoder.convert(UnsafeRawBufferPointer(rebasing: chunk[mark...]), final: false) { more = body($0) }
            return more
        }
        if more { decoder.convert(UnsafeRawBufferPointer(start: nil, count: 0), final: true) { _ = body($0) } }
    }

    private func converted(_ data: Data, final: Bool) -> Data {
        var decoder = WideTextDecoder(encoding)
        var result = Data()
        data.dropFirst(markLength).withUnsafeBytes { decoder.convert($0, final: final) { result = Data($0) } }
        return result
    }
}
