import Foundation

/// Reads a feeds.json `rules` list (top-level or an entry's), recording each problem
/// with the path of the value at fault (`rules[2].if.any[1].matches`) and the fix.
struct RuleParser {
    /// Where the list is: `rules` or `sources[3].rules`.
    let path: String

    static let ruleKeys = ["name", "if", "then"]
    static let example = #"{"if": {"title": {"contains": "sponsored"}}, "then": ["drop"]}"#

    func rules(_ value: JSONValue, into problems: inout ConfigProblems) -> [Rule] {
        guard case .array(let list) = value else {
            problems.add(path, "expected a list of rules such as [\(Self.example)]")
            return []
        }
        return list.enumerated().compactMap { index, rule in self.rule(rule, path: "\(path)[\(index)]", &problems) }
    }

    private func rule(_ value: JSONValue, path: String, _ problems: inout ConfigProblems) -> Rule? {
        guard case .object(let object) = value else {
            problems.add(path, "expected a rule such as \(Self.example)")
            return nil
        }
        problems.rejectUnknownKeys(object, known: Self.ruleKeys, prefix: path + ".")
        var name: String?
        if let raw = object["name"] {
            name = raw.stringValue
            if name == nil || name?.isEmpty == true { problems.add(path + ".name", "expected a non-empty string") }
        }
        let condition: RuleCondition?
        if let raw = object["if"] {
            condition = ConditionParser().condition(raw, path: path + ".if", &problems)
        } else {
            problems.add(path + ".if", "missing; add a condition such as {\"title\": {\"contains\": \"sponsored\"}}")
            condition = nil
        }
        let actions = self.actions(object["then"], path: path + ".then", &problems)
        guard let condition, let actions else { return nil }
        return Rule(name: name ?? path, path: path, condition: condition, actions: actions)
    }

    private func actions(_ value: JSONValue?, path: String, _ problems: inout ConfigProblems) -> [RuleAction]? {
        guard case .array(let list)? = value, !list.isEmpty else {
            let found = value.map { " found \(OptionValidation.describe($0))" } ?? " missing"
            problems.add(
                path, "expected a list of actions such as [\"drop\"] or [\"star\", {\"tag\": \"swift\"}];\(found)")
            return nil
        }
        let before = problems.messages.count
        let actions = list.enumerated().compactMap { index, action in
            self.action(action, path: "\(path)[\(index)]", &problems)
        }
        if actions.contains(.keep), actions.contains(.drop) {
            problems.add(path, "a rule either keeps or drops; split it into two rules")
        }
        return problems.messages.count == before ? actions : nil
    }

    private func action(_ value: JSONValue, path: String, _ problems: inout ConfigProblems) -> RuleAction? {
        let names = RuleAction.named.keys.sorted() + ["tag"]
        switch value {
        case .string(let name):
            if let action = RuleAction.named[name] { return action }
            let hint = name == "tag" ? "; write {\"tag\": \"name\"}" : Suggestion.hint(for: name, in: names)
            problems.add(path, "\"\(name)\" is not an action\(hint); actions: \(OptionValidation.quoted(names))")
        case .object(let object) where object.count == 1 && object["tag"] != nil:
            guard let tag = object["tag"]?.stringValue?.trimmingCharacters(in: .whitespaces), !tag.isEmpty else {
                problems.add(path + ".tag", "expected a non-empty string, the tag to add")
                return nil
            }
            return .tag(tag)
        default:
            problems.add(
                path,
                "expected an action name such as \"drop\" or {\"tag\": \"name\"}; actions: "
                    + OptionValidation.quoted(names))
        }
        return nil
    }
}
