import Foundation
import Tributary
import TributaryExec

/// Runs an `exec` hook once per batch: the items on standard input as JSON lines, under
/// the hook's deadline, supervised as exec plugins are (`PluginProcess`: its own process
/// group, killed with everything it started on timeout or cancellation). Exit status 0
/// takes the batch; anything else fails it, its standard error kept as diagnostics.
struct ExecHookRunner: Sendable {
    let hook: Hook
    let arguments: [String]

    /// The most bytes of lines one run is given: standard input is filled before the
    /// program starts, so it must fit in the pipe (`PluginProcess.maxInputSize`).
    static let maxBatchSize = PluginProcess.maxInputSize
    /// What the program may write to standard output, which is read and ignored; beyond
    /// it the program is killed and the batch fails.
    static let maxOutputSize = 1024 * 1024

    func deliver(_ lines: [String]) async -> DeliveryOutcome {
        let input = Data(lines.map { $0 + "\n" }.joined().utf8)
        guard input.count <= Self.maxBatchSize else {
            return DeliveryOutcome(
                failure: "an item's line is over \(Self.maxBatchSize / 1024) KB, more than a run takes")
        }
        let process = PluginProcess(
            arguments: arguments, input: input, directory: hook.folder, timeout: hook.timeout,
            maxOutputSize: Self.maxOutputSize)
        do {
            let outcome = try await process.run()
            let diagnostics = outcome.errorLines
            if let signal = outcome.signal {
                return DeliveryOutcome(failure: "killed by signal \(signal)", diagnostics: diagnostics)
            }
            guard outcome.exitStatus == 0 else {
                return DeliveryOutcome(
                    failure: "exited with status \(outcome.exitStatus ?? -1)", diagnostics: diagnostics)
            }
            return DeliveryOutcome(failure: nil, diagnostics: diagnostics)
        } catch {
            return DeliveryOutcome(failure: (error as? TributaryError)?.message ?? "\(error)")
        }
    }

    /// `lines` cut into runs of at most `maxBatchSize` bytes, in order; a line too long for
    /// any run is a batch of its own (and fails).
    static func batches(_ lines: [String]) -> [ArraySlice<String>] {
        var batches: [ArraySlice<String>] = []
        var start = 0
        var size = 0
        for (index, line) in lines.enumerated() {
            let length = line.utf8.count + 1
            if index > start, size + length > maxBatchSize {
                batches.append(lines[start..<index])
                (start, size) = (index, 0)
            }
            size += length
        }
        if start < lines.count { batches.append(lines[start...]) }
        return batches
    }
}
