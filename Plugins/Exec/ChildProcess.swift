#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CExecSupervisor
import Foundation
import Tributary

/// A started program: the process id of its supervisor (which runs it in a process group
/// of its own, dies with the thread that started it, and takes down everything the
/// program started when the program ends) and our ends of the program's standard output
/// and standard error. The platform calls of the plugin live here.
struct ChildProcess {
    /// The supervisor's process id; its exit status is the program's.
    let pid: pid_t
    let output: Int32
    let errorOutput: Int32

    /// Starts `arguments` with `input` already waiting on its standard input, in a new
    /// process group, in `directory` (nil: ours), with default signal handling and the user's
    /// environment. Call it from a thread that lives until the program is reaped (see
    /// `tributary_spawn_supervised`).
    static func spawn(_ arguments: [String], input: Data, directory: URL? = nil) throws -> ChildProcess {
        guard let program = arguments.first, !program.isEmpty else {
            throw TributaryError(.invalidConfiguration, "the command is empty; name a program to run")
        }
        let stdin = try makePipe()
        let stdout = try makePipe()
        let stderr = try makePipe()
        try fill(stdin.write, with: input)
        close(stdin.write)
        defer { for descriptor in [stdin.read, stdout.write, stderr.write] { close(descriptor) } }
        let pid: pid_t
        do {
            pid = try launch(
                arguments, in: directory, stdin: stdin.read, stdout: stdout.write, stderr: stderr.write)
        } catch {
            for descriptor in [stdout.read, stderr.read] { close(descriptor) }
            throw error
        }
        for fd in [stdout.read, stderr.read] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        return ChildProcess(pid: pid, output: stdout.read, errorOutput: stderr.read)
    }

    /// Asks the supervisor `pid` to kill the program and everything it started
    /// (`setsid`'d descendants too), then to exit.
    static func killAll(_ pid: pid_t) {
        _ = kill(pid, SIGTERM)
    }

    /// The raw wait status once the program has exited, or nil while it runs.
    func exitStatus() -> Int32? {
        var status: Int32 = 0
        let result = unsafe waitpid(pid, &status, WNOHANG)
        return result == pid ? status : nil
    }

    func waitBlocking() -> Int32 {
        var status: Int32 = 0
        while unsafe waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return status
    }

    /// Waits up to `milliseconds` for either open pipe to have bytes or reach its end.
    func waitForData(output outputOpen: Bool, error errorOpen: Bool, milliseconds: Int32) {
        var fds = [
            pollfd(fd: outputOpen ? output : -1, events: Int16(POLLIN), revents: 0),
            pollfd(fd: errorOpen ? errorOutput : -1, events: Int16(POLLIN), revents: 0),
        ]
        _ = unsafe poll(&fds, 2, milliseconds)
    }

    /// Appends what `fd` has now to `buffer`, at most `limit` bytes in all; returns false
    /// at the pipe's end.
    func drain(_ fd: Int32, into buffer: inout Data, limit: Int) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while buffer.count <= limit {
            let count = unsafe read(fd, &chunk, chunk.count)
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
            } else if count == 0 {
                return false
            } else if errno != EINTR {
                return errno == EAGAIN || errno == EWOULDBLOCK
            }
        }
        return true
    }

    /// Waits up to `milliseconds` for the supervisor to exit (it is left unreaped).
    func waitForExit(milliseconds: Int32) { tributary_wait_for_exit(pid, milliseconds) }

    func closePipes() {
        _ = close(output)
        _ = close(errorOutput)
    }

    /// Forks the supervisor (see CExecSupervisor.h), which runs the program; returns its id.
    private static func launch(
        _ arguments: [String], in directory: URL?, stdin: Int32, stdout: Int32, stderr: Int32
    ) throws -> pid_t {
        if let directory, !FileManager.default.fileExists(atPath: directory.path) {
            throw TributaryError(
                .permanent, "cannot run \"\(arguments[0])\": its working folder \(directory.path) does not exist")
        }
        let argv = unsafe arguments.map { unsafe strdup($0) } + [nil]
        // Not `for unsafe argument in argv`: swift format drops the space after `unsafe` there.
        // swift-format-ignore: ReplaceForEachWithForLoop
        defer { unsafe argv.forEach { unsafe free($0) } }
        var failure: Int32 = 0
        let pid = unsafe tributary_spawn_supervised(
            argv, environ, getenv("PATH"), directory?.path, stdin, stdout, stderr, &failure)
        guard pid > 0 else { throw launchError(arguments[0], failure) }
        return pid
    }

    private static func launchError(_ program: String, _ code: Int32) -> TributaryError {
        let reason =
            switch code {
            case ENOENT: "no such program; give its path, or put it on PATH"
            case EACCES: "permission denied; make it executable (chmod +x)"
            case ENOEXEC: "not an executable format; a script needs a #! line"
            default: unsafe String(cString: strerror(code))
            }
        return TributaryError(.permanent, "cannot run \"\(program)\": \(reason)")
    }

    /// glibc's `pipe2`, which Swift does not import (it is a GNU extension): it creates
    /// both ends close-on-exec at once, so a program started meanwhile on another thread
    /// cannot inherit them.
    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
    private static let pipe2: Pipe2? = unsafe dlsym(dlopen(nil, RTLD_NOW), "pipe2").map {
        unsafe unsafeBitCast($0, to: Pipe2.self)
    }

    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        let created: Int32
        if let pipe2 = unsafe pipe2 {
            created = unsafe pipe2(&fds, Int32(O_CLOEXEC))
        } else {
            created = unsafe pipe(&fds)
            for descriptor in fds { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        }
        guard created == 0 else {
            throw TributaryError(.transient, "cannot create a pipe: \(unsafe String(cString: strerror(errno)))")
        }
        return (fds[0], fds[1])
    }

    /// Writes all of `data` into an empty pipe; it fits, so this never blocks.
    private static func fill(_ fd: Int32, with data: Data) throws {
        var offset = 0
        while offset < data.count {
            let written = unsafe data.withUnsafeBytes { unsafe write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                throw TributaryError(
                    .transient, "cannot write the options to the program: \(unsafe String(cString: strerror(errno)))")
            }
            offset += written
        }
    }
}
