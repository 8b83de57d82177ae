/// A growable byte buffer for writers that append many small pieces: a JSON item takes
/// some eighty writes, and `[UInt8].append` checks capacity and uniqueness on each one.
/// Noncopyable, so it is made, written and read where it is, and freed once.
public struct ByteBuffer: ~Copyable {
    @usableFromInline var start: UnsafeMutablePointer<UInt8>
    @usableFromInline var count = 0
    @usableFromInline var capacity: Int

    /// A buffer with room for `capacity` bytes (at least 64) before it grows.
    public init(capacity: Int) {
        self.capacity = max(capacity, 64)
        start = .allocate(capacity: self.capacity)
    }

    deinit {
        start.deallocate()
    }

    /// A copy of the bytes written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: start, count: count)) }

    /// Calls `body` with the bytes written so far.
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: start, count: count))
    }

    @inlinable
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if count + bytes.count > capacity { grow(to: count + bytes.count) }
        (start + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    @inlinable
    public mutating func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        start[count] = byte
        count += 1
    }

    @inlinable
    public mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The UTF-8 of `text`.
    @inlinable
    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Doubles the room at least; rare, so not inlined.
    @usableFromInline
    mutating func grow(to needed: Int) {
        let grown = max(needed, capacity * 2)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.initialize(from: start, count: count)
        start.deallocate()
        start = larger
        capacity = grown
    }
}
