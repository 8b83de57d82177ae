import Testing
import Tributary
import TributaryLive
import TributaryTesting

/// `Command`, after RACCommand: one execution at a time, its state and errors as signals.
@Suite(.timeLimit(.minutes(1))) struct CommandTests {
    struct Broken: Error {}

    @Test func executingWhileExecutingIsRefusedNotQueued() async throws {
        let latch = Latch()
        let runs = Counter()
        let command = Command<Int, Int> { input in
            await runs.increment()
            await latch.wait()
            return input * 2
        }
        let first = Task { try await command.execute(21) }
        let (executing, watch) = Received.collecting(command.isExecuting)
        try #require(await executing.first { $0 } != nil)
        await #expect(throws: Command<Int, Int>.AlreadyExecuting.self) { try await command.execute(1) }
        await latch.release()
        #expect(try await first.value == 42)
        #expect(await runs.value == 1, "the refused execution never ran")
        try #require(await executing.first { !$0 } != nil)
        #expect(try await command.execute(2) == 4, "enabled again once finished")
        watch.cancel()
    }

    @Test func isEnabledAndIsExecutingFollowEachExecution() async throws {
        let latch = Latch()
        let command = Command<Void, Void> { await latch.wait() }
        let (enabled, watchEnabled) = Received.collecting(command.isEnabled)
        let (executing, watchExecuting) = Received.collecting(command.isExecuting)
        // Each signal delivers in its own task: both subscriptions have seen the idle state
        // before the run starts, or one could join it late and miss a step of the cycle.
        try #require(await enabled.first { $0 } != nil)
        try #require(await executing.first { !$0 } != nil)
        let run = Task { try await command.execute(()) }
        try #require(await enabled.first { !$0 } != nil)
        #expect(command.isRunning)
        await latch.release()
        try await run.value
        await yieldUntil {
            let (executed, enablings) = (await executing.values.count, await enabled.values.count)
            return executed >= 3 && enablings >= 3
        }
        #expect(await executing.values == [false, true, false])
        #expect(await enabled.values == [true, false, true])
        watchEnabled.cancel()
        watchExecuting.cancel()
    }

    @Test func errorsAreSentAndRethrown() async throws {
        let command = Command<Bool, Void> { fail in if fail { throw Broken() } }
        let (errors, watch) = Received.collecting(command.errors)
        await #expect(throws: Broken.self) { try await command.execute(true) }
        // The subscription starts in its own task: fail until it has seen a failure.
        try await yieldUntil {
            guard await errors.values.isEmpty else { return true }
            try await command.execute(false)
            try? await command.execute(true)
            return false
        }
        #expect(await errors.values.allSatisfy { $0 is Broken }, "successes send nothing")
        watch.cancel()
    }
}

actor Counter {
    private(set) var value = 0

    @discardableResult
    func increment() -> Int {
        value += 1
        return value
    }
}
