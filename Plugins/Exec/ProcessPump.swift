import Foundation
import Tributary

/// Reads a started program's output until it exits, enforcing the caps, the deadline
/// and cancellation; kills the program and all it started when any of them stops it.
struct ProcessPump {
    let child: ChildProcess
    let limits: PluginProcess
    let deadline: ContinuousClock.Instant
    let control: ProcessControl
    private var output = Data()
    private var errorOutput = Data()

    init(child: ChildProcess, limits: PluginProcess, deadline: ContinuousClock.Instant, control: ProcessControl) {
        self.child = child
        self.limits = limits
        self.deadline = deadline
        self.control = control
    }

    mutating func run() throws -> PluginProcess.Outcome {
        defer { child.closePipes() }
        var outputOpen = true
        var errorOpen = true
        while outputOpen || errorOpen {
            try stopIfNeeded()
            child.waitForData(output: outputOpen, error: errorOpen, milliseconds: 50)
            if outputOpen { outputOpen = child.drain(child.output, into: &output, limit: limits.maxOutputSize) }
            if errorOpen {
                errorOpen = child.drain(child.errorOutput, into: &errorOutput, limit: limits.maxErrorSize * 2)
            }
            keepErrorTail()
            if output.count > limits.maxOutputSize { throw stop(tooLarge()) }
        }
        while true {
            try stopIfNeeded()
            if let status = control.reap(child) {
                if control.isCancelled { throw cancelledError }
                return outcome(status)
            }
            child.waitForExit(milliseconds: 50)
        }
    }

    private func stopIfNeeded() throws {
        if control.isCancelled { throw stop(cancelledError) }
        if ContinuousClock.now >= deadline {
            let seconds = ClockTime.seconds(limits.timeout)
            throw stop(
                TributaryError(
                    .timeout, "\(limits.programName) did not finish within \(seconds) s and was killed\(lastErrorLine)")
            )
        }
    }

    private var cancelledError: TributaryError {
        TributaryError(.cancelled, "\(limits.programName) was stopped: the run was cancelled")
    }

    /// Kills the program and all it started, and returns `error` to throw.
    private func stop(_ error: TributaryError) -> TributaryError {
        control.kill(child)
        return error
    }

    private func tooLarge() -> TributaryError {
        let cap = ByteCount.format(limits.maxOutputSize)
        return TributaryError(
            .badResponse,
            "\(limits.programName) wrote more than \(cap) to standard output and was killed; the cap is "
                + "maxResponseMB in feeds.json"
        )
    }

    /// Standard error keeps only its last `maxErrorSize` bytes, from a line start.
    private mutating func keepErrorTail() {
        guard errorOutput.count > limits.maxErrorSize else { return }
        var tail = errorOutput.suffix(limits.maxErrorSize)
        if let newline = tail.firstIndex(of: UInt8(ascii: "\n")) { tail = tail[(newline + 1)...] }
        errorOutput = Data(tail)
    }

    private var lastErrorLine: String {
        outcome(0).errorLines.last.map { " (last message: \($0))" } ?? ""
    }

    private func outcome(_ status: Int32) -> PluginProcess.Outcome {
        let signal = status & 0x7f
        return PluginProcess.Outcome(
            exitStatus: signal == 0 ? (status >> 8) & 0xff : nil, signal: signal == 0 ? nil : signal,
            output: output, errorOutput: errorOutput
        )
    }
}
