import AsyncAlgorithms

/// Calls swift-async-algorithms' operators on a plain `AsyncSequence`, so `Signal`'s
/// own operators of the same names can wrap them without recursing into themselves.
enum AsyncAlgorithmsBridge {
    static func flatMapLatest<Base: AsyncSequence & Sendable, T: Sendable>(
        _ base: Base, _ transform: @escaping @Sendable (Base.Element) -> Signal<T>
    ) -> some AsyncSequence<T, any Error> & Sendable where Base.Failure == any Error, Base.Element: Sendable {
        base.flatMapLatest(transform)
    }

    static func debounce<Base: AsyncSequence & Sendable, C: Clock>(
        _ base: Base, _ interval: C.Duration, _ clock: C
    ) -> some AsyncSequence<Base.Element, any Error> & Sendable
    where Base.Failure == any Error, Base.Element: Sendable {
        base.debounce(for: interval, tolerance: nil, clock: clock)
    }

    static func throttle<Base: AsyncSequence & Sendable, C: Clock>(
        _ base: Base, _ interval: C.Duration, _ clock: C
    ) -> some AsyncSequence<Base.Element, any Error> & Sendable
    where Base.Failure == any Error, Base.Element: Sendable {
        base._throttle(for: interval, clock: clock, latest: true)
    }
}
