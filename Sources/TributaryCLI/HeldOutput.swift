import Foundation

/// Standard output that holds the digest back until the state store has committed the
/// run (`StoreWrites.finish()`), so the digest renders while the store writes. It keeps up
/// to `limit` bytes meanwhile; past that it waits for the store and writes through.
final class HeldOutput {
    private var writes: StoreWrites?
    private var held = Data()
    private let limit: Int

    /// 32 MB: a JSON digest of about 45,000 items, as much as the store's writes of them
    /// take to commit.
    init(until writes: StoreWrites, limit: Int = 32 << 20) {
        self.writes = writes
        self.limit = limit
    }

    func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard writes != nil else { return StandardOutput.write(bytes) }
        held.append(bytes)
        if held.count >= limit { release() }
    }

    func write(_ data: Data) {
        guard writes != nil else { return StandardOutput.write(data) }
        held.append(data)
        if held.count >= limit { release() }
    }

    /// Waits for the store's writes, then writes what was held; later writes go straight out.
    func release() {
        writes?.finish()
        writes = nil
        StandardOutput.write(held)
        held = Data()
    }
}
