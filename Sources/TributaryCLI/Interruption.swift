import Foundation

/// Turns Ctrl-C into cancellation of the running work, so requests stop promptly
/// and nothing is left half-written.
enum Interruption {
    struct Interrupted: Error {}

    static func cancellingOnSIGINT<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        let task = Task { try await operation() }
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { task.cancel() }
        source.resume()
        defer {
            source.cancel()
            signal(SIGINT, SIG_DFL)
        }
        let result = await task.result
        if task.isCancelled { throw Interrupted() }
        return try result.get()
    }
}
