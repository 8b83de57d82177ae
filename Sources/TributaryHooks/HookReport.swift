/// How giving the waiting items to one hook went in a run.
public struct HookReport: Sendable, Equatable {
    /// The hook's name.
    public var hook: String
    /// How many items the hook took.
    public var delivered = 0
    /// Why the hook did not take the rest; nil when it took all.
    public var failure: String?
    /// How many items the failure left waiting (given up ones included).
    public var waiting = 0
    /// How many of those the failure gave up on, their retries spent.
    public var givenUp = 0
    /// What the hook said (an exec hook's standard error), one line each.
    public var diagnostics: [String] = []

    public init(hook: String) {
        self.hook = hook
    }

    /// The warning to show on standard error, or nil when the hook took everything.
    public var warning: String? {
        guard let failure else { return nil }
        let again = waiting - givenUp
        var parts: [String] = []
        if again > 0 { parts.append("\(again) item\(again == 1 ? "" : "s") offered again next run") }
        if givenUp > 0 { parts.append("\(givenUp) given up after its retries") }
        let tail = parts.isEmpty ? "" : " (\(parts.joined(separator: "; ")))"
        return "hook \"\(hook)\" failed: \(failure)\(tail)"
    }
}
