import Tributary

/// An action that runs at most once at a time, after ReactiveCocoa's `RACCommand`: a UI
/// binds a button's enabled state to `isEnabled` and its progress to `isExecuting`, and
/// shows what `errors` sends. Executing while it already executes is refused, not queued.
public final class Command<Input: Sendable, Output: Sendable>: Sendable {
    /// Thrown by `execute` while the command is already executing.
    public struct AlreadyExecuting: Error, Sendable, CustomStringConvertible {
        public var description: String { "already running; try again when it has finished" }
    }

    private let work: @Sendable (Input) async throws -> Output
    /// Taken by the one execution under way: what refuses a second one atomically.
    private let claim = Locked(false)
    private let executing = LiveValue(false)
    private let failures = LiveValue<(any Error)?>(nil)

    /// A command that runs `work` for each accepted `execute`.
    public init(_ work: @escaping @Sendable (Input) async throws -> Output) {
        self.work = work
    }

    /// True while an execution runs: the current value, then each change.
    public var isExecuting: Signal<Bool> { executing.signal }

    /// Whether `execute` would be accepted now: the current value, then each change.
    public var isEnabled: Signal<Bool> { executing.signal.map { !$0 } }

    /// Each error an execution threw, as it is thrown (not the ones before subscribing).
    public var errors: Signal<any Error> {
        failures.signal.skip(1).filter { $0 != nil }.map { $0! }
    }

    /// True while an execution runs.
    public var isRunning: Bool { executing.value }

    /// Runs the work with `input` and returns its result; throws `AlreadyExecuting` at once
    /// when an execution is under way, and rethrows (after sending it on `errors`) what
    /// the work throws.
    @discardableResult
    public func execute(_ input: Input) async throws -> Output {
        let accepted = claim.withLock { taken in
            defer { taken = true }
            return !taken
        }
        guard accepted else { throw AlreadyExecuting() }
        executing.set(true)
        defer {
            executing.set(false)
            claim.withLock { $0 = false }
        }
        do {
            return try await work(input)
        } catch {
            failures.set(error)
            throw error
        }
    }
}
