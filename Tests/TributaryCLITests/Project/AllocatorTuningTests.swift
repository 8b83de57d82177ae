import Testing
import TributaryLive

@testable import TributaryCLI

/// `watch` and `serve` run for days: they cap glibc's arenas (memory freed in one thread's
/// arena is not reused by another, so a live run grew 12.3% over 1,000 cycles with the
/// default eight per core), unless the user chose a cap; short runs keep glibc's default.
@Suite struct AllocatorTuningTests {
    func cap(_ arguments: [String], _ environment: [String: String] = [:]) -> Int32? {
        AllocatorTuning.arenaCap(arguments: arguments, environment: environment)
    }

    @Test func longRunningCommandsKeepToTwoArenas() {
        #expect(cap(["watch"]) == 2)
        #expect(cap(["serve", "--port", "9000"]) == 2)
    }

    @Test func shortRunsKeepGlibcsDefault() {
        #expect(cap([]) == nil)
        #expect(cap(["digest", "--source", "watch"]) == nil)
        #expect(cap(["validate"]) == nil)
    }

    @Test func aCapTheUserSetIsLeftAlone() {
        #expect(cap(["serve"], ["MALLOC_ARENA_MAX": "8"]) == nil)
        #expect(cap(["watch"], ["GLIBC_TUNABLES": "glibc.malloc.arena_max=4"]) == nil)
        #expect(cap(["watch"], ["GLIBC_TUNABLES": "glibc.malloc.tcache_count=0"]) == 2)
    }
}
