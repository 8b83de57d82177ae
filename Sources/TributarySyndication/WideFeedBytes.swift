import Foundation
import TributaryBytes

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
        unsafe try source.chunks { chunk in
            let mark = min(markLength - skipped, chunk.count)
            skipped += mark
            unsafe decoder.convert(chunk, skipping: mark, final: false) { more = unsafe body($0) }
            return more
        }
        if more { unsafe decoder.finish { _ = unsafe body($0) } }
    }

    private func converted(_ data: Data, final: Bool) -> Data {
        var decoder = WideTextDecoder(encoding)
        return Data(decoder.converted([UInt8](data), skipping: markLength, final: final))
    }
}

extension WideTextDecoder {
    /// A decoder of `encoding`'s code units.
    init(_ encoding: FeedTextEncoding) {
        switch encoding {
        case .utf8: self.init(width: 1, bigEndian: false)
        case .utf16(let bigEndian): self.init(width: 2, bigEndian: bigEndian)
        case .utf32(let bigEndian): self.init(width: 4, bigEndian: bigEndian)
        }
    }
}
