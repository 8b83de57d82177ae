/// A growable byte buffer for writers that append many small pieces (a JSON item takes
/// some eighty). Plain `[UInt8]` storage: a buffer managed through raw pointers was
/// measured against it and gained nothing (see README.md). Noncopyable, so a writer is
/// made, written and read where it is.
public struct ByteBuffer: ~Copyable {
    @usableFromInline var storage: [UInt8] = []

    /// A buffer with room for `capacity` bytes (at least 64) before it grows.
    public init(capacity: Int) {
        storage.reserveCapacity(max(capacity, 64))
    }

    /// A copy of the bytes written so far.
    public var bytes: [UInt8] { storage }

    /// Calls `body` with the bytes written so far.
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try storage.withUnsafeBufferPointer(body)
    }

    @inlinable
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        storage.append(contentsOf: bytes)
    }

    @inlinable
    public mutating func append(_ byte: UInt8) {
        storage.append(byte)
    }

    @inlinable
    public mutating func append(_ text: StaticString) {
        storage.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The UTF-8 of `text`.
    @inlinable
    public mutating func append(_ text: String) {
        storage.append(contentsOf: text.utf8)
    }
}
