/// Holds whoever waits (a test server's answer, say) until the test releases it.
public actor Latch {
    private var open = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init() {}

    /// Returns once the latch is released (at once when it already is).
    public func wait() async {
        if open { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Lets every waiter, and every later one, go on.
    public func release() {
        open = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}
