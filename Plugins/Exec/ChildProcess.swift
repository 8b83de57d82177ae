#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Tributary

/// A started program: its process id (also its process group id) and our ends of its
/// standard output and standard error. The platform calls of the plugin live here.
struct ChildProcess {
    let pid: pid_t
    let output: Int32
    let errorOutput: Int32

    /// Starts `arguments` with `input` already waiting on its standard input, in a new
    /// process group, with default signal handling and the user's environment.
    static func spawn(_ arguments: [String], input: Data) throws -> ChildProcess {
        guard let program = arguments.first, !program.isEmpty else {
            throw TributaryError(.invalidConfiguration, "the command is empty; name a program to run")
        }
        let stdin = try makePipe(), stdout = try makePipe(), stderr = try makePipe()
        try fill(stdin.write, with: input)
        close(stdin.write)
        defer { [stdin.read, stdout.write, stderr.write].forEach { _ = close($0) } }
        let pid: pid_t
        do {
            pid = try launch(arguments, stdin: stdin.read, stdout: stdout.write, stderr: stderr.write)
        } catch {
            [stdout.read, stderr.read].forEach { _ = close($0) }
            throw error
        }
        for fd in [stdout.read, stderr.read] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        return ChildProcess(pid: pid, output: stdout.read, errorOutput: stderr.read)
    }

    /// Kills the whole process group (the program and whatever it started).
    static func killGroup(_ pid: pid_t) {
        _ = killpg(pid, SIGKILL)
    }

    /// The raw wait status once the program has exited, or nil while it runs.
    func exitStatus() -> Int32? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        return result == pid ? status : nil
    }

    func waitBlocking() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return status
    }

    /// Waits up to `milliseconds` for either open pipe to have bytes or reach its end.
    func waitForData(output outputOpen: Bool, error errorOpen: Bool, milliseconds: Int32) {
        var fds = [pollfd(fd: outputOpen ? output : -1, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: errorOpen ? errorOutput : -1, events: Int16(POLLIN), revents: 0)]
        _ = poll(&fds, 2, milliseconds)
    }

    /// Appends what `fd` has now to `buffer`, at most `limit` bytes in all; returns false
    /// at the pipe's end.
    func drain(_ fd: Int32, into buffer: inout Data, limit: Int) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while buffer.count <= limit {
            let count = read(fd, &chunk, chunk.count)
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

    /// Sleeps briefly while waiting for the program to exit after closing its pipes.
    static func pause() { usleep(10_000) }

    func closePipes() {
        _ = close(output)
        _ = close(errorOutput)
    }

    private static func launch(_ arguments: [String], stdin: Int32, stdout: Int32, stderr: Int32) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), mask = sigset_t()
        sigfillset(&defaults)
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, argv[0]!, &actions, &attributes, argv, environ)
        guard result == 0 else { throw launchError(arguments[0], result) }
        return pid
    }

    private static func launchError(_ program: String, _ code: Int32) -> TributaryError {
        let reason = switch code {
        case ENOENT: "no such program; give its path, or put it on PATH"
        case EACCES: "permission denied; make it executable (chmod +x)"
        case ENOEXEC: "not an executable format; a script needs a #! line"
        default: String(cString: strerror(code))
        }
        return TributaryError(.permanent, "cannot run \"\(program)\": \(reason)")
    }

    /// glibc's `pipe2`, which Swift does not import (it is a GNU extension): it creates
    /// both ends close-on-exec at once, so a program started meanwhile on another thread
    /// cannot inherit them.
    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
    private static let pipe2: Pipe2? = dlsym(dlopen(nil, RTLD_NOW), "pipe2").map { unsafeBitCast($0, to: Pipe2.self) }

    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        let created: Int32
        if let pipe2 {
            created = pipe2(&fds, Int32(O_CLOEXEC))
        } else {
            created = pipe(&fds)
            fds.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        }
        guard created == 0 else {
            throw TributaryError(.transient, "cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        return (fds[0], fds[1])
    }

    /// Writes all of `data` into an empty pipe; it fits, so this never blocks.
    private static func fill(_ fd: Int32, with data: Data) throws {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw TributaryError(.transient, "cannot write the options to the program: \(String(cString: strerror(errno)))") }
            offset += written
        }
    }
}
