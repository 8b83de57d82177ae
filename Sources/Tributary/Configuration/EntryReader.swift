import Foundation

/// Validates one entry of `sources` against the common keys and its type's options.
struct EntryReader {
    let registry: SourceRegistry
    let expansion: EnvironmentExpansion
    let secretsOptional: Bool

    private static let idCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))

    func read(_ value: JSONValue, path: String, into problems: inout ConfigProblems) -> SourceEntry? {
        guard case .object(let object) = value else {
            problems.add(path, "expected an object with \"id\" and \"type\"")
            return nil
        }
        let before = problems.messages.count
        guard let id = readID(object, path, &problems), let type = readType(object, path, &problems) else { return nil }
        let specs = commonSpecs(overriddenBy: type.options) + type.options
        let known = specs.map(\.name) + ["id", "type"]
        var options: [String: JSONValue] = [:]
        var unsetSecrets: [String: String] = [:]
        var unsetVariables: [String: String] = [:]
        if type.acceptsUndeclaredOptions {
            readUndeclared(object, known: known, into: &options, unset: &unsetSecrets)
        } else {
            problems.rejectUnknownKeys(object, known: known, prefix: path + ".")
        }
        for spec in specs {
            guard let raw = object[spec.name] else {
                if spec.isRequired {
                    problems.add(
                        "\(path).\(spec.name)", "missing; \(type.name) entries need \"\(spec.name)\" (\(spec.summary))")
                }
                continue
            }
            switch expansion.expand(raw) {
            case .failure(let unset) where isSecret(spec):
                unsetSecrets[spec.name] = unset.names.first
            case .failure(let unset):
                unsetVariables[spec.name] = unset.names.joined(separator: ", ")
            case .success(let expanded):
                if let problem = OptionValidation.problem(with: expanded, for: spec) {
                    problems.add("\(path).\(spec.name)", problem)
                } else {
                    options[spec.name] = expanded
                }
            }
        }
        guard problems.messages.count == before else { return nil }
        return entry(path: path, id: id, type: type.name, options: options, unset: (unsetSecrets, unsetVariables))
    }

    /// Keys the type does not declare, passed on as they are after `${VAR}` expansion;
    /// a key whose variable is unset is recorded like an unset secret.
    private func readUndeclared(
        _ object: [String: JSONValue], known: [String], into options: inout [String: JSONValue],
        unset: inout [String: String]
    ) {
        for (key, raw) in object where !known.contains(key) {
            switch expansion.expand(raw) {
            case .success(let expanded): options[key] = expanded
            case .failure(let missing): unset[key] = missing.names.first
            }
        }
    }

    private func entry(
        path: String, id: String, type: String, options: [String: JSONValue],
        unset: (secrets: [String: String], variables: [String: String])
    ) -> SourceEntry {
        SourceEntry(
            path: path, id: id, type: type,
            title: options["title"]?.stringValue,
            isEnabled: options["enabled"]?.boolValue ?? true,
            baseURL: options["baseURL"]?.stringValue.flatMap { URL(string: $0) },
            timeout: options["timeout"].flatMap(Duration.parse),
            limit: options["limit"]?.intValue,
            options: options, unsetSecrets: unset.secrets, unsetVariables: unset.variables,
            secretsOptional: secretsOptional
        )
    }

    private func readID(_ object: [String: JSONValue], _ path: String, _ problems: inout ConfigProblems) -> String? {
        guard let id = object["id"]?.stringValue, !id.isEmpty else {
            problems.add("\(path).id", "missing; give the entry a unique \"id\" such as \"swift-questions\"")
            return nil
        }
        guard id.unicodeScalars.allSatisfy(Self.idCharacters.contains) else {
            problems.add("\(path).id", "\"\(id)\" may use only letters, digits, \"-\", \"_\" and \".\"")
            return nil
        }
        return id
    }

    private func readType(_ object: [String: JSONValue], _ path: String, _ problems: inout ConfigProblems)
        -> SourceType?
    {
        let names = registry.types.map(\.name)
        guard let name = object["type"]?.stringValue else {
            problems.add("\(path).type", "missing; one of \(OptionValidation.quoted(names))")
            return nil
        }
        guard let type = registry[name] else {
            problems.add(
                "\(path).type",
                "unknown source type \"\(name)\"\(Suggestion.hint(for: name, in: names)); run `tributary sources` to list them"
            )
            return nil
        }
        return type
    }

    /// The keys every entry may have; a source type's own spec of the same name wins.
    private func commonSpecs(overriddenBy own: [OptionSpec]) -> [OptionSpec] {
        let common = [
            OptionSpec("title", .string, "a display name for the source"),
            OptionSpec("limit", .integer(0...100_000), "how many items to keep from this source (0: all)"),
            OptionSpec("enabled", .boolean, "false leaves the entry out of runs", default: "true"),
            OptionSpec("baseURL", .url, "the API root; points the source at a compatible or local server"),
            OptionSpec("timeout", .duration, "this source's request deadline", default: "the run's timeout"),
            OptionSpec("refresh", .duration, "how often `watch` and `serve` refresh the source", default: "15m"),
        ]
        return common.filter { spec in !own.contains { $0.name == spec.name } }
    }

    private func isSecret(_ spec: OptionSpec) -> Bool {
        if case .secret = spec.kind { true } else { false }
    }
}
