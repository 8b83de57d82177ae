import Foundation
import TributaryBytes

/// CPU work split over every core: a large digest's sanitising, de-duplication keys
/// and rendering each take a fraction of a second per 100,000 items, and the
/// machine has more than one core. Small inputs stay on the calling thread.
public enum ParallelWork {
    /// The number of pieces the work is split into at most.
    static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// Splits `0..<count` into at most one contiguous range per core, each of at
    /// least `minimumChunk` elements, runs `body` on every range at once and returns
    /// the results in range order.
    public static func chunks<Result>(of count: Int, minimumChunk: Int, _ body: (Range<Int>) -> Result) -> [Result] {
        let ranges = ranges(of: count, minimumChunk: minimumChunk)
        guard ranges.count > 1 else { return [body(0..<count)] }
        return ConcurrentSlots.results(count: ranges.count) { piece in body(ranges[piece]) }
    }

    /// Changes every element in place, on every core when `items` holds at least
    /// twice `minimumChunk`.
    public static func update<Element>(
        _ items: inout [Element], minimumChunk: Int = 2048, _ change: (inout Element) -> Void
    ) {
        guard items.count >= 2 * minimumChunk, cores > 1 else {
            for index in items.indices { change(&items[index]) }
            return
        }
        ConcurrentSlots.update(&items, in: ranges(of: items.count, minimumChunk: minimumChunk), change)
    }

    /// `map` in order, on every core when `items` holds at least twice `minimumChunk`.
    public static func map<Element, Mapped>(
        _ items: [Element], minimumChunk: Int = 2048, _ transform: (Element) -> Mapped
    ) -> [Mapped] {
        guard items.count >= 2 * minimumChunk, cores > 1 else { return items.map(transform) }
        return ConcurrentSlots.map(items, in: ranges(of: items.count, minimumChunk: minimumChunk), transform)
    }

    /// `0..<count` in at most one contiguous range per core, each of at least `minimumChunk` elements.
    static func ranges(of count: Int, minimumChunk: Int) -> [Range<Int>] {
        let pieces = max(1, min(cores, count / max(1, minimumChunk)))
        return (0..<pieces).map { piece in (count * piece / pieces)..<(count * (piece + 1) / pieces) }
    }
}

/// Long output as bytes, a window at a time: what the JSON, text and Markdown renderers
/// share, so a digest of 100,000 items is never held whole as one string or buffer.
public enum WindowedOutput {
    /// Renders elements `0..<count` in windows of 4,096, each window split over the cores
    /// by `render` (given a range, it returns that range's bytes), and hands each piece to
    /// `sink` in order.
    public static func write(
        count: Int, to sink: ([UInt8]) -> Void, _ render: (Range<Int>) -> [UInt8]
    ) {
        for window in stride(from: 0, to: count, by: 4096) {
            let end = min(count, window + 4096)
            let pieces = ParallelWork.chunks(of: end - window, minimumChunk: 512) { range in
                render(range.lowerBound + window..<range.upperBound + window)
            }
            for piece in pieces { sink(piece) }
        }
    }

    /// Hands `text`'s UTF-8 to `sink`.
    public static func write(_ text: String, to sink: ([UInt8]) -> Void) {
        sink(Array(text.utf8))
    }
}
