/// A signal's event turned into a value: what `materialize` sends.
public enum SignalEvent<Element: Sendable>: Sendable {
    case value(Element)
    case failed(any Error)
    case completed

    /// The value this event carries, moved out: the event becomes `.completed`, so the
    /// taker holds the value's only reference and can change it in place, uncopied.
    public mutating func takeValue() -> Element? {
        guard case .value(let value) = self else { return nil }
        self = .completed
        return value
    }
}

extension Signal {
    /// Turns every value, the failure and the completion into values of a signal that
    /// never fails, so one failing or empty source cannot stall a `combineLatest`.
    public func materialize() -> Signal<SignalEvent<Element>> {
        Signal<SignalEvent<Element>> { subscriber in
            do {
                for try await value in self { subscriber.send(.value(value)) }
                subscriber.send(.completed)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                subscriber.send(.failed(error))
            }
        }
    }
}
