import Foundation

/// A rule's `if` as read: tests on an item's fields, combined with `all`, `any` and `not`.
/// `ConditionProgram` compiles it for trying.
indirect enum RuleCondition: Sendable {
    case all([RuleCondition])
    case any([RuleCondition])
    case not(RuleCondition)
    case test(FieldTest)
    /// What `include` and `exclude` stand for: keywords inside words (see `KeywordRules`).
    case keywords(KeywordMatch)
}

/// One test of one field: `{"title": {"contains": "swift"}}`.
struct FieldTest: Sendable {
    enum Test: Sendable {
        /// Any of the phrases occurs as whole words, ignoring case and accents.
        case contains([FoldedWords])
        /// The ICU expression (case-insensitive) finds a match.
        case matches(RulePattern)
        /// The whole value is one of these, ignoring case and accents.
        case `is`([FoldedWords])
        /// The whole value is one of these exactly, as URLs are compared.
        case isExactly([String])
        /// A number (score) or an age in seconds above or below the bound.
        case above(Double)
        case below(Double)
    }

    let field: RuleField
    let test: Test
}
