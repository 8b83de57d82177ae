import Tributary

/// Writes a long list as bytes in windows (`WindowedOutput`), so a digest of 100,000 items
/// is never held as one string.
enum ChunkedOutput {
    /// Calls `render` for every element (with its index) and hands the bytes to `sink`.
    static func write<Element>(
        _ elements: [Element], to sink: ByteSink,
        _ render: (Int, Element, inout [UInt8]) -> Void
    ) {
        WindowedOutput.write(count: elements.count, to: sink) { range in
            var out: [UInt8] = []
            out.reserveCapacity(range.count * 256)
            for index in range { render(index, elements[index], &out) }
            return out
        }
    }

    /// Hands `text`'s UTF-8 to `sink`.
    static func write(_ text: String, to sink: ByteSink) {
        WindowedOutput.write(text, to: sink)
    }
}

extension Array where Element == UInt8 {
    /// Appends a string's UTF-8.
    mutating func append(_ text: String) {
        append(contentsOf: text.utf8)
    }
}
