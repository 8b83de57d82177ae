import CMalloc
import Foundation
import Tributary
import TributaryNetwork
import TributaryTesting

/// `tributary-live-bench --item-memory`: what a many-source digest's items cost in memory
/// while the run keeps them (5,000 feeds of 50 items make 250,000 items). Up to
/// `WaitingItems.packingThreshold` items are kept loose; beyond it they are packed
/// (`FeedItem.pack()`). Prints the bytes malloc holds per loose and per packed item,
/// counted as a digest is let go, beside their targets.
enum ItemMemoryBench {
    /// Two sources' items are all the run keeps loose; a third's are packed.
    static let perSource = WaitingItems.packingThreshold / 2

    static func run() async throws {
        guard mallocCounts else { return print("item memory: malloc's counters see nothing here (a sanitizer?)") }
        let loose = try await bytesHeld(sources: 2)  // up to the threshold: loose
        let more = try await bytesHeld(sources: 6)  // twice as many more, packed
        print("item memory: a loose item holds \(loose / (2 * perSource)) bytes (target: about 1 KB, > 800)")
        print("item memory: a packed item holds \((more - loose) / (4 * perSource)) bytes (target < 500)")
    }

    /// Bytes a digest of `sources` sources' items holds, counted as it is let go.
    static func bytesHeld(sources: Int) async throws -> Int {
        var digest: Digest? = try await digest(sources: sources)
        precondition(digest?.items.count == sources * perSource, "every item is in the digest")
        let held = bytesInUse()
        digest = nil
        return held - bytesInUse()
    }

    static func digest(sources: Int) async throws -> Digest {
        try await ArticleLines.digest(
            sources: sources, perSource: perSource, transport: CurlTransport(userAgent: "item-memory-bench"))
    }

    /// Bytes malloc has handed out and not taken back, over every arena.
    static func bytesInUse() -> Int { Int(mallinfo2().uordblks) }

    /// Whether malloc's counters see allocations: not under ThreadSanitizer, whose own
    /// allocator leaves glibc's `mallinfo2` at zero (64 KB: under the threshold where
    /// malloc maps a block of its own, which `uordblks` does not count).
    static let mallocCounts: Bool = {
        let before = bytesInUse()
        let block = [UInt8](repeating: 1, count: 1 << 16)
        return withExtendedLifetime(block) { bytesInUse() - before >= 1 << 16 }
    }()
}
