import ArgumentParser
import Foundation

/// `tributary-serve`, the program `tributary serve` runs, built and installed beside
/// `tributary`. Only its binary links the web server (Hummingbird and SwiftNIO, about a
/// fifth of the protocol conformances the Swift runtime scans on each new type lookup), so
/// that every other command starts without it.
enum ServeProgram {
    static let name = "tributary-serve"

    /// Replaces this process with `tributary-serve` from this binary's folder, given this
    /// process's arguments; throws exit 69 (EX_UNAVAILABLE) with a line on what to build when
    /// it cannot.
    static func replaceThisProcess() throws -> Never {
        let path = sibling()
        let argv = unsafe ([path] + CommandLine.arguments.dropFirst()).map { unsafe strdup($0) } + [nil]
        unsafe execv(path, argv)
        let reason = unsafe String(cString: strerror(errno))
        StandardError.write(
            "tributary: cannot run \(path) (\(reason)): serve needs \(name) beside tributary; "
                + "build both with `swift build` (or `swift build --product \(name)`) and install them together")
        throw ExitCode(ExitCodes.serveProgramMissing)
    }

    /// `tributary-serve` in the folder of the running binary (Foundation's `Bundle.main`
    /// reads `/proc/self/exe`, so a symlink on PATH leads to the real folder).
    static func sibling() -> String {
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return executable.deletingLastPathComponent().appendingPathComponent(name).path
    }
}
