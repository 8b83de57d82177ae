/// Arrays and strings lent as buffers for the length of a call, and views cut from such
/// buffers, nothing copied: how the modules above read text bytes by index without
/// pointer code of their own.
public enum BorrowedBuffers {
    /// Calls `body` with the array's elements in place.
    public static func elements<Element, Result>(
        of array: [Element], _ body: (UnsafeBufferPointer<Element>) throws -> Result
    ) rethrows -> Result {
        try array.withUnsafeBufferPointer(body)
    }

    /// Calls `body` with the string's UTF-8 (copied once first when the string is not
    /// stored as contiguous UTF-8, as a bridged one may not be).
    public static func utf8<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
        -> Result
    {
        var text = text
        return try text.withUTF8(body)
    }

    /// The elements of `range`, a view of the same memory.
    public static func slice<Element>(_ buffer: UnsafeBufferPointer<Element>, _ range: Range<Int>)
        -> UnsafeBufferPointer<Element>
    {
        UnsafeBufferPointer(rebasing: buffer[range])
    }

    /// At most the first `limit` bytes of UTF-8, cut before a character that would not fit whole.
    public static func utf8Prefix(_ bytes: UnsafeBufferPointer<UInt8>, atMost limit: Int)
        -> UnsafeBufferPointer<UInt8>
    {
        guard bytes.count > limit else { return bytes }
        var end = limit
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a UTF-8 sequence
        return UnsafeBufferPointer(rebasing: bytes[..<end])
    }
}
