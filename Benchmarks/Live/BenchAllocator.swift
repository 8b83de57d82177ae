#if canImport(Glibc)
    import CMalloc
#endif
import Foundation

/// The allocator tuning `tributary watch` and `serve` start with (`AllocatorTuning` in the
/// CLI, which this program does not start through): 64 MB heap growth steps and at most
/// two arenas, unless `MALLOC_ARENA_MAX` or `GLIBC_TUNABLES` sets the cap (to compare).
enum BenchAllocator {
    static func apply() {
        #if canImport(Glibc)
            _ = mallopt(M_TOP_PAD, 64 << 20)
            let environment = ProcessInfo.processInfo.environment
            let userChose =
                environment["MALLOC_ARENA_MAX"] != nil
                || environment["GLIBC_TUNABLES"]?.contains("glibc.malloc.arena_max") == true
            if !userChose { _ = mallopt(M_ARENA_MAX, 2) }
        #endif
    }
}
