/// What the rules decided for one item.
public struct RuleVerdict: Sendable, Equatable {
    /// Why the item left the digest: the name of the rule that dropped it, or that no
    /// keep rule matched it; nil when it stays.
    public var droppedBecause: String?
    public var markRead = false
    public var star = false
    public var notify = false
    /// Tags the rules added, in order, without repeats.
    public var addedTags: [String] = []
    /// The names of the rules that matched, in the order they ran.
    public var matchedRules: [String] = []
    /// Where in feeds.json those rules are, in the same order.
    public var matchedRulePaths: [String] = []
    /// Where the rule that dropped the item is; nil when none did.
    public var droppedByPath: String?

    public var isDropped: Bool { droppedBecause != nil }

    /// What the verdict marks the item with; nil when nothing.
    public var marks: RuleMarks? {
        markRead || star || notify ? RuleMarks(markRead: markRead, star: star, notify: notify) : nil
    }

    /// Whether the rules changed nothing about the item.
    public var isUntouched: Bool { matchedRules.isEmpty && droppedBecause == nil }

    /// The reason given when keep rules exist and none matched.
    public static let noKeepRuleMatched = "no keep rule matched"
}

/// What the rules marked an item with, as the digest keeps it for the state store and the hooks.
public struct RuleMarks: Sendable, Equatable {
    public var markRead = false
    public var star = false
    public var notify = false
}
