import Foundation

extension Signal {
    /// A hot, shared version of this signal, after `RACReplaySubject`: the first
    /// subscription starts it once, every subscriber (early or late) receives all values
    /// sent so far and then the live ones, and its completion or failure.
    public func replayed() -> Signal {
        let subject = ReplaySubject(upstream: self)
        return Signal { subscriber in
            for try await value in await subject.subscribe() { subscriber.send(value) }
        }
    }
}

/// The shared state behind `Signal.replayed()`.
private actor ReplaySubject<Element: Sendable> {
    private let upstream: Signal<Element>
    private var values: [Element] = []
    private var ending: Result<Void, any Error>?
    private var subscribers: [UUID: AsyncThrowingStream<Element, any Error>.Continuation] = [:]
    private var task: Task<Void, Never>?
    /// Bumped when the upstream is cancelled, so a stale run cannot publish.
    private var generation = 0

    init(upstream: Signal<Element>) {
        self.upstream = upstream
    }

    func subscribe() -> AsyncThrowingStream<Element, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Element, any Error>.makeStream()
        for value in values { continuation.yield(value) }
        if let ending {
            continuation.finish(throwing: ending.failure)
            return stream
        }
        let id = UUID()
        subscribers[id] = continuation
        continuation.onTermination = { _ in Task { await self.remove(id) } }
        if task == nil { task = Task { [generation] in await self.run(generation) } }
        return stream
    }

    private func run(_ generation: Int) async {
        do {
            for try await value in upstream { publish(value, generation) }
            finish(.success(()), generation)
        } catch {
            finish(.failure(error), generation)
        }
    }

    private func publish(_ value: Element, _ generation: Int) {
        guard generation == self.generation else { return }
        values.append(value)
        for subscriber in subscribers.values { subscriber.yield(value) }
    }

    private func finish(_ result: Result<Void, any Error>, _ generation: Int) {
        guard generation == self.generation else { return }
        ending = result
        for subscriber in subscribers.values { subscriber.finish(throwing: result.failure) }
        subscribers = [:]
    }

    /// Cancels the upstream when its last subscriber leaves before it ended.
    private func remove(_ id: UUID) {
        subscribers[id] = nil
        guard subscribers.isEmpty, ending == nil, let running = task else { return }
        running.cancel()
        task = nil
        values = []
        generation += 1
    }
}

extension Result where Success == Void {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
