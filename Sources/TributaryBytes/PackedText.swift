/// What a `PackedText` keeps beside its texts: the caller's fixed-size fields, and how
/// many texts there are.
public struct PackedTextHeader<Fields> {
    public let fields: Fields
    /// A byte, not an `Int`: the header of a `FeedItem` is then 8 bytes smaller.
    let count: UInt8
}

/// Texts kept one after another in the tail of one object, beside a header of
/// fixed-size fields: one allocation where a box holding a String took two (and the
/// String's own 32-byte header). The tail starts with where each text ends (16-bit byte
/// offsets from the end of that table), then the texts' UTF-8 bytes. `FeedItem` packs
/// the items a run keeps waiting for its other sources into these (250,000 of them for
/// 5,000 feeds). Nothing in it changes after `make` returns, so a holder may share it
/// between threads (`ManagedBuffer` is not `Sendable`, so neither is this).
public final class PackedText<Fields>: ManagedBuffer<PackedTextHeader<Fields>, UInt8> {
    /// The texts and fields in one object; nil when there are more than 255 texts or they
    /// add up to more than 65,535 bytes.
    public static func make(_ texts: [String], fields: Fields) -> PackedText? {
        let total = texts.reduce(0) { $0 + $1.utf8.count }
        guard total <= Int(UInt16.max), texts.count <= Int(UInt8.max) else { return nil }
        let table = texts.count * MemoryLayout<UInt16>.size
        let made = create(minimumCapacity: table + total) { _ in
            PackedTextHeader(fields: fields, count: UInt8(texts.count))
        }
        made.withUnsafeMutablePointerToElements { tail in
            var end = 0
            for (index, var text) in texts.enumerated() {
                text.withUTF8 { bytes in
                    if let start = bytes.baseAddress {
                        (tail + table + end).initialize(from: start, count: bytes.count)
                    }
                    end += bytes.count
                }
                UnsafeMutableRawPointer(tail).storeBytes(
                    of: UInt16(end), toByteOffset: index * MemoryLayout<UInt16>.size, as: UInt16.self)
            }
        }
        return unsafeDowncast(made, to: PackedText.self)
    }

    /// The fields kept beside the texts.
    public var fields: Fields { header.fields }

    /// Text `index`, made a String from its bytes.
    public func text(_ index: Int) -> String {
        withBytes(of: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with text `index`'s UTF-8 bytes, without making a String of them.
    public func withBytes<Result>(of index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeMutablePointers { header, tail in
            let table = Int(header.pointee.count) * MemoryLayout<UInt16>.size
            let ends = UnsafeRawPointer(tail)
            let end = Int(ends.loadUnaligned(fromByteOffset: index * MemoryLayout<UInt16>.size, as: UInt16.self))
            let start =
                index == 0
                ? 0 : Int(ends.loadUnaligned(fromByteOffset: (index - 1) * MemoryLayout<UInt16>.size, as: UInt16.self))
            return body(UnsafeBufferPointer(start: tail + table + start, count: end - start))
        }
    }
}
