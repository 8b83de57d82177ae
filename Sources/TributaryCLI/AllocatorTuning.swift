#if canImport(Glibc)
    import CMalloc
#endif

/// glibc grows each thread's heap one `mprotect` call at a time, a few pages per
/// call: a 100,000-item digest made 36,000 such calls. Asking it to grow in 64 MB
/// steps of address space (pages are still touched only when used, so the resident
/// size is the same) makes that 74 calls.
enum AllocatorTuning {
    static func apply() {
        #if canImport(Glibc)
            _ = mallopt(M_TOP_PAD, 64 << 20)
        #endif
    }
}
