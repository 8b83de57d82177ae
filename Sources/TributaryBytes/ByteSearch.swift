/// Finding a short byte pattern in a borrowed run of bytes.
public enum ByteSearch {
    /// Where `pattern` (not empty) first occurs in `bytes`, in the buffer's indices.
    /// Jumps between first bytes; Foundation's generic `firstRange(of:)` was a large share
    /// of a digest's CPU where every description holds HTML (`docs/design/performance.md`).
    public static func firstRange(
        of pattern: [UInt8], in bytes: Slice<UnsafeBufferPointer<UInt8>>
    ) -> Range<Int>? {
        var from = bytes.startIndex
        while let first = bytes[from...].firstIndex(of: pattern[0]) {
            let end = first + pattern.count
            guard end <= bytes.endIndex else { return nil }
            if bytes[first..<end].elementsEqual(pattern) { return first..<end }
            from = first + 1
        }
        return nil
    }
}

extension ByteSearch {
    /// Whether `pattern` occurs in `bytes`; an empty pattern occurs everywhere.
    public static func contains(_ pattern: [UInt8], in bytes: [UInt8]) -> Bool {
        guard !pattern.isEmpty else { return true }
        return bytes.withUnsafeBufferPointer { firstRange(of: pattern, in: $0[...]) != nil }
    }
}
