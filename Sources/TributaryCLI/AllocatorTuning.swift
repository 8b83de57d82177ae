#if canImport(Glibc)
    import CMalloc
#endif

/// glibc's allocator, tuned before any thread has a heap.
///
/// - It grows each thread's heap one `mprotect` call at a time, a few pages per call: a
///   100,000-item digest made 36,000 such calls. Asking it to grow in 64 MB steps of
///   address space (pages are still touched only when used, so the resident size is the
///   same) makes that 74 calls.
/// - It gives threads their own heaps (arenas), up to eight per core, and memory freed in
///   one is not reused by another: over 1,000 refresh cycles `watch`/`serve` grew 12.3%,
///   0.7% with one arena. Long-running commands keep to `longRunArenas`, unless the user
///   chose with `MALLOC_ARENA_MAX` or `GLIBC_TUNABLES=glibc.malloc.arena_max=…`.
enum AllocatorTuning {
    /// The arenas `watch` and `serve` keep to.
    static let longRunArenas: Int32 = 2
    static let longRunCommands: Set<String> = ["watch", "serve"]

    static func apply(arguments: [String], environment: [String: String]) {
        #if canImport(Glibc)
            _ = mallopt(M_TOP_PAD, 64 << 20)
            if let arenas = arenaCap(arguments: arguments, environment: environment) {
                _ = mallopt(M_ARENA_MAX, arenas)
            }
        #endif
    }

    /// The arena cap for a command line (without the program's name), or nil to leave
    /// glibc's: a run that ends soon, or a user who set the cap.
    static func arenaCap(arguments: [String], environment: [String: String]) -> Int32? {
        guard let command = arguments.first(where: { !$0.hasPrefix("-") }), longRunCommands.contains(command) else {
            return nil
        }
        let userChose =
            environment["MALLOC_ARENA_MAX"] != nil
            || environment["GLIBC_TUNABLES"]?.contains("glibc.malloc.arena_max") == true
        return userChose ? nil : longRunArenas
    }
}
