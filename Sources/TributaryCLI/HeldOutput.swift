import Foundation

/// Standard output that holds the digest back until the state store has committed the
/// run (`StoreWrites.finish()`), so the digest renders while the store writes. It keeps up
/// to `limit` bytes meanwhile; past that it waits for the store and writes through. The
/// first write after the commit has ended lets what it held go, since a later run commits
/// quickly and holding its output anyway only raised the peak. Without pending writes
/// (`--no-state`, a dry run) everything goes straight out. Why 32 MB, and what holding
/// costs: `docs/design/performance.md`.
///
/// What it holds is a copy of each write, kept as it came, rather than one growing `Data`
/// that copied all it held again at each growth (on a first run of 100,000 items the
/// difference was within the noise; the simpler growth is why it stays).
final class HeldOutput {
    private var writes: StoreWrites?
    private var held: [[UInt8]] = []
    private var heldCount = 0
    private let limit: Int
    private let sink: (Data) -> Void
    private let byteSink: ([UInt8]) -> Void

    /// 32 MB: a JSON digest of about 45,000 items. `sink` and `byteSink` are where the
    /// bytes go (standard output).
    init(
        until writes: StoreWrites, limit: Int = 32 << 20, sink: @escaping (Data) -> Void = StandardOutput.write,
        byteSink: @escaping ([UInt8]) -> Void = StandardOutput.write
    ) {
        self.writes = writes.arePending ? writes : nil
        self.limit = limit
        self.sink = sink
        self.byteSink = byteSink
    }

    func write(_ bytes: [UInt8]) {
        guard writes != nil else { return byteSink(bytes) }
        hold(bytes)
    }

    func write(_ data: Data) {
        guard writes != nil else { return sink(data) }
        hold([UInt8](data))
    }

    /// Waits for the store's writes, then writes what was held; later writes go straight out.
    func release() {
        writes?.finish()
        writes = nil
        for bytes in held { byteSink(bytes) }
        held = []
        heldCount = 0
    }

    private func hold(_ bytes: [UInt8]) {
        held.append(bytes)
        heldCount += bytes.count
        if heldCount >= limit || writes?.commitHasEnded == true { release() }
    }
}
