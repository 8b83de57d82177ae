import Foundation

/// Reads a rule's `if`: an object whose keys are `all`, `any`, `not` or field names, all
/// of which must hold; each field's object names its tests, all of which must hold.
struct ConditionParser {
    static let combinators = ["all", "any", "not"]
    static let textTests = ["contains", "matches", "is"]
    static let numberTests = ["above", "below"]

    func condition(_ value: JSONValue, path: String, _ problems: inout ConfigProblems) -> RuleCondition? {
        guard case .object(let object) = value, !object.isEmpty else {
            problems.add(path, "expected a condition such as {\"title\": {\"contains\": \"sponsored\"}}")
            return nil
        }
        let known = Self.combinators + RuleField.allCases.map(\.rawValue)
        let before = problems.messages.count
        var parts: [RuleCondition] = []
        for key in object.keys.sorted() {
            guard let raw = object[key] else { continue }
            let keyPath = "\(path).\(key)"
            switch key {
            case "all", "any":
                guard case .array(let list) = raw, !list.isEmpty else {
                    problems.add(keyPath, "expected a non-empty list of conditions")
                    continue
                }
                let inner = list.enumerated().compactMap { index, item in
                    condition(item, path: "\(keyPath)[\(index)]", &problems)
                }
                parts.append(key == "all" ? .all(inner) : .any(inner))
            case "not":
                if let inner = condition(raw, path: keyPath, &problems) { parts.append(.not(inner)) }
            default:
                guard let field = RuleField(rawValue: key) else {
                    problems.add(
                        keyPath,
                        "unknown field\(Suggestion.hint(for: key, in: known)); a condition's keys: "
                            + OptionValidation.quoted(known))
                    continue
                }
                parts.append(contentsOf: tests(of: field, raw, path: keyPath, &problems).map(RuleCondition.test))
            }
        }
        guard problems.messages.count == before else { return nil }
        return parts.count == 1 ? parts[0] : .all(parts)
    }

    private func tests(of field: RuleField, _ value: JSONValue, path: String, _ problems: inout ConfigProblems)
        -> [FieldTest]
    {
        let allowed = field.isNumeric ? Self.numberTests : Self.textTests
        let example = field.isNumeric ? #"{"above": "7d"}"# : #"{"contains": "swift"}"#
        guard case .object(let object) = value, !object.isEmpty else {
            problems.add(path, "expected the tests of \(field.rawValue), such as \(example)")
            return []
        }
        var tests: [FieldTest] = []
        for name in object.keys.sorted() {
            guard let raw = object[name] else { continue }
            let testPath = "\(path).\(name)"
            guard allowed.contains(name) else {
                let kind = field.isNumeric ? "a number" : "text"
                problems.add(
                    testPath,
                    "\(field.rawValue) is \(kind); its tests: \(OptionValidation.quoted(allowed))"
                        + Suggestion.hint(for: name, in: allowed))
                continue
            }
            if let test = test(name, of: field, raw, path: testPath, &problems) {
                tests.append(FieldTest(field: field, test: test))
            }
        }
        return tests
    }

    private func test(
        _ name: String, of field: RuleField, _ value: JSONValue, path: String, _ problems: inout ConfigProblems
    ) -> FieldTest.Test? {
        switch name {
        case "contains", "is":
            guard let values = value.stringList ?? value.stringValue.map({ [$0] }), !values.isEmpty,
                !values.contains(where: { FoldedWords($0).words.isEmpty && field != .url })
            else {
                problems.add(path, "expected a string with a letter or digit, or a list of them")
                return nil
            }
            if name == "contains" { return .contains(values.map(FoldedWords.init)) }
            return field == .url ? .isExactly(values) : .is(values.map(FoldedWords.init))
        case "matches":
            guard let pattern = value.stringValue else {
                problems.add(path, OptionValidation.expected("an ICU regular expression as a string", value))
                return nil
            }
            guard let expression = KeywordMatch.compile(pattern) else {
                problems.add(path, "\"\(pattern)\" is not a valid ICU regular expression; escape ( [ { * + ? with \\\\")
                return nil
            }
            return .matches(RulePattern(expression: expression))
        default:
            guard let bound = bound(of: field, value, path: path, &problems) else { return nil }
            return name == "above" ? .above(bound) : .below(bound)
        }
    }

    /// A score as a number, an age as a span (`"7d"`, `"12h"`) in seconds.
    private func bound(of field: RuleField, _ value: JSONValue, path: String, _ problems: inout ConfigProblems)
        -> Double?
    {
        if field == .age {
            guard let span = value.stringValue.flatMap({ Duration.parse($0, .span) }) else {
                problems.add(path, OptionValidation.expected(Duration.Accepted.span.forms, value))
                return nil
            }
            return span.seconds
        }
        guard case .number(let number) = value, number.isFinite else {
            problems.add(path, OptionValidation.expected("a number", value))
            return nil
        }
        return number
    }
}
