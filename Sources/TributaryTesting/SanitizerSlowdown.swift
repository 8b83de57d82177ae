import Foundation

/// How much slower this test process (and the programs it builds) runs than a plain debug
/// build: a bound on real time that a few tests assert (a redraw "within a second") is
/// multiplied by it, so ThreadSanitizer's runs, 5–15× slower, test the same behaviour
/// rather than the sanitizer's speed.
public enum SanitizerSlowdown {
    /// 10 under ThreadSanitizer (its runtime exports `__tsan_init` to the dynamic linker), else 1.
    public static let factor: Int = unsafe dlsym(nil, "__tsan_init") == nil ? 1 : 10

    /// `bound`, scaled by `factor`.
    public static func scaled(_ bound: Duration) -> Duration { bound * factor }
}
