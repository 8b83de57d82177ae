import Dispatch

/// Work run on several threads at once (`DispatchQueue.concurrentPerform`), each piece
/// writing its result straight into its own slot of one array: no lock, no copy, the
/// results in order. What `ParallelWork` in the core splits its ranges over.
public enum ConcurrentSlots {
    /// `body(0)`, …, `body(count - 1)`, run at once; their results in that order.
    public static func results<Result>(count: Int, _ body: (Int) -> Result) -> [Result] {
        var results = [Result?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { slots in
            let slots = UncheckedSendable(slots)
            withoutActuallyEscaping(body) { body in
                let body = UncheckedSendable(body)
                DispatchQueue.concurrentPerform(iterations: count) { piece in
                    slots.value[piece] = body.value(piece)
                }
            }
        }
        return results.map { $0! }
    }

    /// Changes every element of `ranges` in place, the ranges at once. The ranges must not overlap.
    public static func update<Element>(
        _ items: inout [Element], in ranges: [Range<Int>], _ change: (inout Element) -> Void
    ) {
        items.withUnsafeMutableBufferPointer { buffer in
            let buffer = UncheckedSendable(buffer)
            _ = results(count: ranges.count) { piece in
                for index in ranges[piece] { change(&buffer.value[index]) }
            }
        }
    }

    /// `items.map(transform)`, the ranges at once. The ranges must cover `items` without overlapping.
    public static func map<Element, Mapped>(
        _ items: [Element], in ranges: [Range<Int>], _ transform: (Element) -> Mapped
    ) -> [Mapped] {
        [Mapped](unsafeUninitializedCapacity: items.count) { output, initialized in
            let output = UncheckedSendable(output)
            _ = results(count: ranges.count) { piece in
                for index in ranges[piece] {
                    (output.value.baseAddress! + index).initialize(to: transform(items[index]))
                }
            }
            initialized = items.count
        }
    }
}

/// Hands a value the compiler cannot prove thread-safe to `concurrentPerform`, where
/// each iteration touches its own slot only.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
