#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The POSIX calls the core makes that take pointers (C strings, out-parameters), each as
/// a safe Swift function, so that the modules above hold no code: file replacement
/// for `AtomicFile` and the descriptor limit for `DescriptorBudget`.
public enum SystemCalls {
    /// The soft and hard `RLIMIT_NOFILE`, or nil when the system will not say.
    public static func openFileLimits() -> (soft: UInt64, hard: UInt64)? {
        var limits = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits) == 0 else { return nil }
        return (UInt64(limits.rlim_cur), UInt64(limits.rlim_max))
    }

    /// Sets the soft `RLIMIT_NOFILE` to `soft`, keeping the hard limit; whether it took.
    @discardableResult
    public static func setOpenFileLimit(soft: UInt64, hard: UInt64) -> Bool {
        var limits = rlimit(rlim_cur: rlim_t(soft), rlim_max: rlim_t(hard))
        return setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits) == 0
    }

    /// Renames `source` to `target`, replacing it atomically; false with `errno` set when not.
    public static func move(_ source: String, over target: String) -> Bool {
        rename(source, target) == 0
    }

    /// The permission bits of the file at `path` (links followed), or nil when there is none.
    public static func permissions(ofFileAt path: String) -> UInt32? {
        var info = stat()
        return stat(path, &info) == 0 ? UInt32(info.st_mode & 0o7777) : nil
    }

    /// A new or emptied file at `path`, open for writing with `mode` (less the umask) and
    /// closed on exec, never through a symbolic link: its descriptor, or -1 with `errno` set.
    public static func createForWriting(_ path: String, mode: UInt32) -> Int32 {
        open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, mode_t(mode))
    }

    /// The system's words for an `errno` value, such as "No space left on device".
    public static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
