/// Borrowed byte runs without their edges, as views into the same memory (nothing copied).
public enum ByteTrim {
    /// `bytes` without leading and trailing spaces and ASCII controls (bytes up to 0x20);
    /// empty when nothing else is there.
    public static func trimmingSpacesAndControls(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard let first = bytes.firstIndex(where: { $0 > 32 }), let last = bytes.lastIndex(where: { $0 > 32 }) else {
            return UnsafeBufferPointer(rebasing: bytes[0..<0])
        }
        return UnsafeBufferPointer(rebasing: bytes[first...last])
    }

    /// `bytes` without leading and trailing ASCII whitespace (space, tab, line feed,
    /// vertical tab, form feed, carriage return); empty when nothing else is there.
    public static func trimmingASCIIWhitespace(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else {
            return UnsafeBufferPointer(rebasing: bytes[0..<0])
        }
        return UnsafeBufferPointer(rebasing: bytes[first...last])
    }

    /// `text` without leading and trailing ASCII whitespace, or nil when it has none there.
    public static func trimmingASCIIWhitespace(_ text: String) -> String? {
        BorrowedBuffers.utf8(of: text) { bytes in
            let kept = trimmingASCIIWhitespace(bytes)
            return kept.count == bytes.count ? nil : String(decoding: kept, as: UTF8.self)
        }
    }
}
