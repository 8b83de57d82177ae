import Foundation

/// Checks one option value against its `OptionSpec`, returning a message when it does not fit.
enum OptionValidation {
    static func problem(with value: JSONValue, for spec: OptionSpec) -> String? {
        switch spec.kind {
        case .string:
            return value.stringValue == nil ? expected("a string", value) : nil
        case .secret(let variable):  // the value itself is never quoted back
            return value.stringValue == nil
                ? "expected a string such as \"${\(variable)}\", found \(value.typeName)" : nil
        case .integer(let range):
            guard let number = value.intValue else { return expected("a whole number", value) }
            return range.contains(number)
                ? nil : "must be between \(range.lowerBound) and \(range.upperBound), found \(number)"
        case .boolean:
            return value.boolValue == nil ? expected("true or false", value) : nil
        case .stringList(let maxCount):
            guard let list = value.stringList else { return expected("a list of strings", value) }
            guard let maxCount, list.count > maxCount else { return nil }
            return "at most \(maxCount) allowed, found \(list.count)"
        case .choice(let choices):
            guard let text = value.stringValue else { return expected("one of \(quoted(choices))", value) }
            return choices.contains(text)
                ? nil : "\"\(text)\" is not one of \(quoted(choices))\(Suggestion.hint(for: text, in: choices))"
        case .url:
            return urlProblem(value)
        case .duration:
            return Duration.parse(value) == nil ? "expected \(Duration.acceptedForms), found \(describe(value))" : nil
        case .command:
            guard let list = value.stringList, !list.isEmpty else {
                return expected("a non-empty list of strings", value)
            }
            return nil
        case .stringMap:
            return value.stringMap == nil
                ? expected("an object of strings, such as {\"X-Key\": \"value\"}", value) : nil
        case .rules:  // each rule is read, with its own paths, by `RuleParser`
            guard case .array = value else { return expected("a list of rules", value) }
            return nil
        case .hooks:  // each hook is read, with its own paths, by `HookParser`
            guard case .array = value else { return expected("a list of hooks", value) }
            return nil
        case .mail:  // read, with its own paths, by `MailParser`
            guard case .object = value else { return expected("an object such as \(MailSettings.example)", value) }
            return nil
        }
    }

    static func urlProblem(_ value: JSONValue, schemes: Set<String> = ["http", "https", "file"]) -> String? {
        guard let text = value.stringValue else { return expected("a URL", value) }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), schemes.contains(scheme) else {
            return "\"\(text)\" is not a valid \(schemes.sorted().joined(separator: "/")) URL"
        }
        return scheme == "file" || url.host != nil ? nil : "\"\(text)\" has no host"
    }

    static func expected(_ what: String, _ value: JSONValue) -> String {
        "expected \(what), found \(describe(value))"
    }

    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): "\"\(text)\""
        case .number(let number):
            number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .bool(let flag): String(flag)
        default: value.typeName
        }
    }

    static func quoted(_ values: [String]) -> String {
        values.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
