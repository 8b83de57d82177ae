import Foundation
import Tributary

/// One run of an external program: arguments as a list (no shell), `input` on standard
/// input, standard output and standard error collected up to their caps, and a deadline.
///
/// The program runs in its own process group under a supervisor process; on the deadline,
/// on an oversized output, when the calling task is cancelled (Ctrl-C), when the program
/// exits, and when Tributary dies (even of SIGKILL), everything the program started is
/// killed, `setsid`'d descendants included. At most `PluginSlots.shared.limit` programs
/// run at once; the others wait for a slot, and their deadline starts once they run.
public struct PluginProcess: Sendable {
    /// The program (a path, or a name looked up on `PATH`) and its arguments.
    public var arguments: [String]
    /// What the program reads on standard input; at most `maxInputSize` bytes.
    public var input: Data
    /// The program's working folder (an entry's: feeds.json's folder); nil keeps Tributary's.
    public var directory: URL?
    public var timeout: Duration
    /// The most standard-output bytes accepted; beyond it the run fails.
    public var maxOutputSize: Int
    /// Standard error beyond this many bytes keeps only its end.
    public var maxErrorSize: Int

    /// The options travel through a pipe filled before the program starts, so they
    /// must fit in the pipe's buffer (64 KB on Linux).
    public static let maxInputSize = 60 * 1024

    public init(
        arguments: [String], input: Data = Data(), directory: URL? = nil, timeout: Duration, maxOutputSize: Int,
        maxErrorSize: Int = 64 * 1024
    ) {
        self.arguments = arguments
        self.input = input
        self.directory = directory
        self.timeout = timeout
        self.maxOutputSize = maxOutputSize
        self.maxErrorSize = maxErrorSize
    }

    /// What the program left behind once it exited.
    public struct Outcome: Sendable {
        /// The exit status, or nil when a signal ended the program.
        public var exitStatus: Int32?
        public var signal: Int32?
        public var output: Data
        public var errorOutput: Data

        /// Standard error's non-empty lines, made single-line and capped.
        public var errorLines: [String] {
            String(decoding: errorOutput, as: UTF8.self).split(whereSeparator: \.isNewline)
                .map { TextCleanup.truncate(TextCleanup.singleLine(String($0)), to: 300) }
                .filter { !$0.isEmpty }
        }
    }

    /// Waits for a free slot, then runs the program to its end on a thread of its own
    /// (the pipes are read with blocking `poll`; the thread outlives the program, as its
    /// supervisor's parent-death signal requires), and throws a `TributaryError` on
    /// launch failure, deadline, oversized output or cancellation.
    public func run() async throws -> Outcome {
        try await PluginSlots.shared.acquire(for: programName)
        defer { PluginSlots.shared.release() }
        let control = ProcessControl()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Outcome, any Error>) in
                let thread = Thread { continuation.resume(with: Result { try runBlocking(control) }) }
                thread.name = "tributary-plugin"
                thread.start()
            }
        } onCancel: {
            control.cancel()
        }
    }

    private func runBlocking(_ control: ProcessControl) throws -> Outcome {
        guard input.count <= Self.maxInputSize else {
            throw TributaryError(
                .invalidConfiguration,
                "the options sent to \(programName) are \(ByteCount.format(input.count)); the limit is 60 KB")
        }
        if control.isCancelled { throw TributaryError(.cancelled, "cancelled before \(programName) started") }
        let child = try ChildProcess.spawn(arguments, input: input, directory: directory)
        control.started(child.pid)
        var pump = ProcessPump(child: child, limits: self, deadline: ContinuousClock.now + timeout, control: control)
        return try pump.run()
    }

    var programName: String { arguments.first.map { ($0 as NSString).lastPathComponent } ?? "the program" }
}

/// The running program's process id, shared by the thread reading its output and the
/// task's cancellation handler, so that cancellation (Ctrl-C) kills the program at once,
/// before the run can end. The supervisor is only reaped under the lock, so a process
/// that is signalled is always still ours.
///
/// The lock is an `NSLock` (pthreads), not `Synchronization.Mutex`: on Linux the latter
/// locks with raw futexes, which ThreadSanitizer cannot see, so CI's race check would
/// report its critical sections as races.
final class ProcessControl: @unchecked Sendable {
    private struct State {
        var cancelled = false
        var pid: pid_t = 0
    }

    private let lock = NSLock()
    private var current = State()

    private func withLock<T>(_ body: (inout State) -> T) -> T {
        lock.withLock { body(&current) }
    }

    var isCancelled: Bool { withLock { $0.cancelled } }

    func cancel() {
        withLock { state in
            state.cancelled = true
            if state.pid > 0 { ChildProcess.killAll(state.pid) }
        }
    }

    func started(_ pid: pid_t) {
        withLock { state in
            state.pid = pid
            if state.cancelled { ChildProcess.killAll(pid) }
        }
    }

    /// The wait status when the program has exited (and is now reaped), else nil.
    func reap(_ child: ChildProcess) -> Int32? {
        withLock { state in
            guard let status = child.exitStatus() else { return nil }
            state.pid = 0
            return status
        }
    }

    /// Kills the program and all it started, and reaps the supervisor.
    func kill(_ child: ChildProcess) {
        withLock { state in
            guard state.pid > 0 else { return }
            ChildProcess.killAll(state.pid)
            _ = child.waitBlocking()
            state.pid = 0
        }
    }
}
