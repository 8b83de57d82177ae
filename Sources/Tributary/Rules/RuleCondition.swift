import Foundation

/// A rule's `if`: tests on an item's fields, combined with `all`, `any` and `not`.
indirect enum RuleCondition: Sendable {
    case all([RuleCondition])
    case any([RuleCondition])
    case not(RuleCondition)
    case test(FieldTest)
    /// What `include` and `exclude` stand for: keywords inside words (see `KeywordRules`).
    case keywords(KeywordMatch)

    func holds(for subject: inout RuleSubject) -> Bool {
        switch self {
        case .all(let parts):
            return parts.indices.allSatisfy { parts[$0].holds(for: &subject) }
        case .any(let parts):
            return parts.indices.contains { parts[$0].holds(for: &subject) }
        case .not(let part):
            return !part.holds(for: &subject)
        case .test(let test):
            return test.holds(for: &subject)
        case .keywords(let match):
            return match.holds(for: &subject)
        }
    }
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

    func holds(for subject: inout RuleSubject) -> Bool {
        switch test {
        case .contains(let phrases):
            let texts = subject.folded(field)
            return texts.indices.contains { texts[$0].containsAny(of: phrases) }
        case .matches(let pattern):
            return subject.texts(field).contains { pattern.matches($0) }
        case .is(let values):
            let texts = subject.folded(field)
            return texts.indices.contains { text in values.indices.contains { values[$0].padded == texts[text].padded }
            }
        case .isExactly(let values):
            return subject.texts(field).contains { values.contains($0) }
        case .above(let bound):
            return subject.number(field).map { $0 > bound } ?? false
        case .below(let bound):
            return subject.number(field).map { $0 < bound } ?? false
        }
    }
}
