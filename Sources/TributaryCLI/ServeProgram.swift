import ArgumentParser
import Foundation

/// `tributary-serve`, the program `tributary serve` runs, built and installed beside
/// `tributary`. Only its binary links the web server (Hummingbird and SwiftNIO, about a
/// fifth of the protocol conformances the Swift runtime scans on each new type lookup), so
/// that every other command starts without it.
enum ServeProgram {
    static let name = "tributary-serve"

    /// Replaces this process with `tributary-serve` from this binary's folder, given the same
    /// arguments; throws exit 69 (EX_UNAVAILABLE) with a line on what to build when it cannot.
    static func replaceThisProcess(arguments: [String] = CommandLine.arguments) throws -> Never {
        let path = sibling()
        let argv = ([path] + arguments.dropFirst()).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        StandardError.write(
            "tributary: cannot run \(path) (\(reason)): serve needs \(name) beside tributary; "
                + "build both with `swift build` (or `swift build --product \(name)`) and install them together")
        throw ExitCode(ExitCodes.serveProgramMissing)
    }

    /// `tributary-serve` in the folder of the running binary (`/proc/self/exe`, which
    /// resolves the symlinks a PATH entry may be).
    static func sibling() -> String {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent(name).path
    }
}
