import Foundation

/// Runs a program on the terminal in the foreground, as a shell does: in a process group of
/// its own that is given the terminal, so its keys, Ctrl-C included, are its own; then takes
/// the terminal back. `watch` opens a link in a text-mode browser this way.
enum ForegroundProgram {
    /// Runs `command` (its words, found on `PATH` by `env`, never read by a shell) and waits
    /// for it; returns why it could not start or what it ended with, in words, or nil.
    static func run(_ command: [String], environment: [String: String]) async -> String? {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: runWaiting(command, environment: environment)) }.start()
        }
    }

    private static func runWaiting(_ command: [String], environment: [String: String]) -> String? {
        var attributes = posix_spawnattr_t()
        unsafe posix_spawnattr_init(&attributes)
        defer { unsafe posix_spawnattr_destroy(&attributes) }
        unsafe posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        unsafe sigemptyset(&defaults)
        for number in [SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGTERM, SIGHUP, SIGPIPE, SIGWINCH, SIGCONT] {
            unsafe sigaddset(&defaults, number)
        }
        unsafe posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        unsafe sigemptyset(&unblocked)
        unsafe posix_spawnattr_setsigmask(&attributes, &unblocked)
        unsafe posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let arguments = unsafe (["/usr/bin/env"] + command).map { unsafe strdup($0) } + [nil]
        let assignments = unsafe environment.map { unsafe strdup("\($0.key)=\($0.value)") } + [nil]
        // Not `for unsafe pointer in …`: swift format drops the space after `unsafe` there.
        // swift-format-ignore: ReplaceForEachWithForLoop
        defer { unsafe (arguments + assignments).forEach { unsafe free($0) } }
        var child = pid_t()
        let spawned = unsafe posix_spawn(&child, "/usr/bin/env", nil, &attributes, arguments, assignments)
        guard spawned == 0 else { return unsafe "cannot start \(command[0]): \(String(cString: strerror(spawned)))" }
        handTerminal(to: child)
        defer { handTerminal(to: getpgrp()) }
        var status: Int32 = 0
        while true {
            guard unsafe waitpid(child, &status, WUNTRACED) != -1 else {
                if errno == EINTR { continue }
                return nil
            }
            // Stopped for reading the terminal before it was given it (or by its own Ctrl-Z,
            // with no shell to continue it): it gets the terminal and goes on.
            guard status & 0xFF == 0x7F else { break }
            handTerminal(to: child)
            kill(-child, SIGCONT)
        }
        if status & 0x7F != 0 { return "\(command[0]) was ended by signal \(status & 0x7F)" }
        let exitStatus = (status >> 8) & 0xFF
        return exitStatus == 0 ? nil : "\(command[0]) exited with status \(exitStatus)"
    }

    /// Makes `group` the terminal's foreground process group. A process outside it that
    /// does this is sent SIGTTOU, which is blocked meanwhile.
    private static func handTerminal(to group: pid_t) {
        var stopSignal = sigset_t()
        var previous = sigset_t()
        unsafe sigemptyset(&stopSignal)
        unsafe sigaddset(&stopSignal, SIGTTOU)
        unsafe pthread_sigmask(SIG_BLOCK, &stopSignal, &previous)
        tcsetpgrp(STDIN_FILENO, group)
        unsafe pthread_sigmask(SIG_SETMASK, &previous, nil)
    }
}
