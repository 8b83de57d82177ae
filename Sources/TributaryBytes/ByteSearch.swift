#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

extension ByteSearch {
    /// The first index at or after `start` where `bytes` holds `byte`, found by the C
    /// library's `memchr`, which reads many bytes at a step: the report looks for `<` through
    /// a page of a hundred megabytes, and a byte-at-a-time `firstIndex(of:)` took 0.15 s.
    public static func firstIndex(of byte: UInt8, in bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress! + start
            guard let found = memchr(base, Int32(byte), buffer.count - start) else { return nil }
            return start + UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        }
    }
}
