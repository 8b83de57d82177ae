/// One entry of a `rules` list in feeds.json: when `condition` holds for an item, the
/// `actions` are done to it, in order (see docs/rules.md).
public struct Rule: Sendable {
    /// The rule's `name`, else where it is (`rules[2]`): what `rules test` shows.
    public let name: String
    /// Where the rule is in feeds.json (`rules[2]`, `sources[1].rules[0]`).
    public let path: String
    let condition: RuleCondition
    let actions: [RuleAction]
    /// Whether the rule is a requirement of its own, as an `include` is: an item it does not
    /// match is dropped by it, and one it matches still needs a keep rule where others keep.
    let isRequirement: Bool

    init(name: String, path: String, condition: RuleCondition, actions: [RuleAction], isRequirement: Bool = false) {
        self.name = name
        self.path = path
        self.condition = condition
        self.actions = actions
        self.isRequirement = isRequirement
    }

    /// Whether one of the rule's actions is `keep`, making the items no keep rule matched leave.
    var keeps: Bool { !isRequirement && actions.contains(.keep) }
}

/// What a rule does to an item it matches.
enum RuleAction: Sendable, Equatable {
    /// The item leaves the digest; no later rule sees it.
    case drop
    /// Where any rule keeps, only the items some keep rule matched stay.
    case keep
    case markRead
    case star
    /// The hooks get the item even when they would not.
    case notify
    /// No later rule is tried on the item.
    case stop
    /// The tag is added to the item's tags.
    case tag(String)

    /// The action names written as plain strings in `then`.
    static let named: [String: RuleAction] = [
        "drop": .drop, "keep": .keep, "markRead": .markRead, "star": .star, "notify": .notify, "stop": .stop,
    ]
}
