import ArgumentParser
import Tributary

/// Tributary's exit codes, as documented in `--help` and `docs/commands.md`.
enum ExitCodes {
    /// Every source that ran succeeded (skipped sources do not count as failures).
    static let success: Int32 = 0
    /// Some sources failed; the digest of the rest was printed. (`mark-read`: some ids or
    /// sources were not in the state store; the rest were marked.)
    static let partialFailure: Int32 = 1
    /// Every source that ran failed.
    static let allFailed: Int32 = 2
    /// feeds.json or a flag is invalid, or the state store cannot be used; nothing was fetched.
    static let invalidConfiguration: Int32 = 3
    /// `digest --mail`: the digest was printed but the mail was not sent; its items wait for the next run.
    static let mailFailed: Int32 = 4
    /// `serve` could not run `tributary-serve` (not built or not installed beside `tributary`).
    static let serveProgramMissing: Int32 = 69
    /// Interrupted (Ctrl-C); 143 for SIGTERM (128 + the signal's number).
    static let interrupted: Int32 = 130

    static let help = """
        Exit codes: 0 success · 1 some sources failed (the rest were printed) · \
        2 every source failed · 3 invalid configuration or unusable state store · 4 mail not sent (--mail) · \
        64 invalid arguments · \
        69 tributary-serve missing (serve) · 70 libcurl missing · \
        130 interrupted (143 terminated).
        """

    static func code(for digest: Digest) -> Int32 {
        let ran = digest.sources.filter { $0.state != .skipped }
        let failed = ran.filter { $0.state == .failed }
        if failed.isEmpty { return success }
        return failed.count == ran.count ? allFailed : partialFailure
    }
}

extension ExitCodes {
    /// Runs a state command's work, turning a store that cannot be used (or a bad config)
    /// into one message on standard error and exit 3.
    static func reportingStateFailures<T>(_ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch let error as TributaryError where error.code == .invalidConfiguration || error.code == .unusableState {
            StandardError.write("tributary: " + error.message)
            throw ExitCode(invalidConfiguration)
        }
    }

    /// Runs a command's work, turning an invalid configuration and a signal into their
    /// documented exit codes with one line on standard error.
    static func reportingFailures<T>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as TributaryError where error.code == .invalidConfiguration {
            StandardError.write("tributary: invalid configuration:\n" + error.message)
            throw ExitCode(invalidConfiguration)
        } catch let error as TributaryError where error.code == .unusableState {
            StandardError.write("tributary: " + error.message)
            throw ExitCode(invalidConfiguration)
        } catch let interruption as Interruption.Interrupted {
            StandardError.write("tributary: \(interruption.name)")
            throw ExitCode(interruption.exitCode)
        }
    }
}
