import Tributary

/// Writes a long list as bytes in windows, so a digest of 100,000 items is never held as
/// one string: each window of 4,096 elements is rendered on every core into byte
/// buffers, which go to the sink in order and are then let go.
enum ChunkedOutput {
    /// Calls `render` for every element (with its index) and hands the bytes to `sink`.
    static func write<Element>(
        _ elements: [Element], to sink: (UnsafeBufferPointer<UInt8>) -> Void,
        _ render: (Int, Element, inout [UInt8]) -> Void
    ) {
        for window in stride(from: 0, to: elements.count, by: 4096) {
            let end = min(elements.count, window + 4096)
            let pieces = ParallelWork.chunks(of: end - window, minimumChunk: 512) { range in
                var out: [UInt8] = []
                out.reserveCapacity(range.count * 256)
                for index in range.lowerBound + window..<range.upperBound + window {
                    render(index, elements[index], &out)
                }
                return out
            }
            for piece in pieces { piece.withUnsafeBufferPointer(sink) }
        }
    }

    /// Hands `text`'s UTF-8 to `sink`.
    static func write(_ text: String, to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = text
        text.withUTF8(sink)
    }
}

extension Array where Element == UInt8 {
    /// Appends a string's UTF-8.
    mutating func append(_ text: String) {
        append(contentsOf: text.utf8)
    }
}
