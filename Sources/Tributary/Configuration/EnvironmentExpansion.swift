import Foundation

/// Replaces `${VAR}` references in feeds.json strings with environment values; `$${` is
/// the escape for a literal `${` (see `LiteralText`).
struct EnvironmentExpansion: Sendable {
    let environment: [String: String]

    /// The expanded string, or the names of the variables that are unset.
    func expand(_ text: String) -> Result<String, UnsetVariables> {
        guard text.utf8.contains(UInt8(ascii: "$")) else { return .success(text) }  // most values: nothing to expand
        var output = ""
        var missing: [String] = []
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            if start.lowerBound > rest.startIndex, rest[rest.index(before: start.lowerBound)] == "$" {
                output += rest[..<rest.index(before: start.lowerBound)] + "${"  // `$${`: a literal `${`
                rest = rest[start.upperBound...]
                continue
            }
            output += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else {
                rest = rest[start.lowerBound...]
                break
            }
            let name = String(rest[start.upperBound..<end])
            if let value = environment[name], !value.isEmpty {
                output += value
            } else {
                missing.append(name)
            }
            rest = rest[rest.index(after: end)...]
        }
        output += rest
        return missing.isEmpty ? .success(output) : .failure(UnsetVariables(names: missing))
    }

    /// Expands every string inside a JSON value, in lists and nested objects too.
    func expand(_ value: JSONValue) -> Result<JSONValue, UnsetVariables> {
        switch value {
        case .string(let text):
            return expand(text).map(JSONValue.string)
        case .array(let values):
            var expanded: [JSONValue] = []
            for value in values {
                switch expand(value) {
                case .success(let item): expanded.append(item)
                case .failure(let error): return .failure(error)
                }
            }
            return .success(.array(expanded))
        case .object(let members):
            var expanded: [String: JSONValue] = [:]
            for (key, value) in members {
                switch expand(value) {
                case .success(let member): expanded[key] = member
                case .failure(let error): return .failure(error)
                }
            }
            return .success(.object(expanded))
        default:
            return .success(value)
        }
    }
}

/// The `${VAR}` names in a string that have no value in the environment.
struct UnsetVariables: Error {
    let names: [String]
}
