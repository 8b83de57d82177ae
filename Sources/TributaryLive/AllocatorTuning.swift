#if canImport(Glibc)
    import CMalloc
#endif

/// glibc's allocator, tuned before any thread has a heap.
///
/// - It grows each thread's heap one `mprotect` call at a time, a few pages per call.
///   Asking it to grow in 64 MB steps of address space (pages are still touched only
///   when used, so the resident size is the same) makes a large digest's calls a few.
/// - It gives threads their own heaps (arenas), up to eight per core, and memory freed in
///   one is not reused by another, so a long-running `watch`/`serve` keeps growing. Long
///   runs keep to `longRunArenas`, unless the user chose with `MALLOC_ARENA_MAX` or
///   `GLIBC_TUNABLES=glibc.malloc.arena_max=…`.
///
/// The figures behind both are in docs/design/performance.md, "Allocator tuning".
///
/// The CLI applies it to every command (capping arenas for `watch` and `serve`), and the
/// live benchmark applies it as they do.
public enum AllocatorTuning {
    /// The arenas a long run keeps to.
    public static let longRunArenas: Int32 = 2

    /// Sets the heap's growth step and, with `arenas`, the arena cap.
    public static func apply(arenas: Int32?) {
        #if canImport(Glibc)
            _ = mallopt(M_TOP_PAD, 64 << 20)
            if let arenas { _ = mallopt(M_ARENA_MAX, arenas) }
        #endif
    }

    /// The arena cap of a long run: `longRunArenas`, or nil when the user chose one.
    public static func longRunCap(environment: [String: String]) -> Int32? {
        let userChose =
            environment["MALLOC_ARENA_MAX"] != nil
            || environment["GLIBC_TUNABLES"]?.contains("glibc.malloc.arena_max") == true
        return userChose ? nil : longRunArenas
    }
}
