import Foundation

/// Validates one entry of `sources` against the common keys and its type's options.
struct EntryReader {
    let registry: SourceRegistry
    let expansion: EnvironmentExpansion
    /// Makes the paths in `url` and `command` options absolute, against feeds.json's folder.
    let paths: ConfigPaths
    let secretsOptional: Bool

    private static let idCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))
    /// The common keys' specs, made once: making them again for each entry was a sixth of
    /// reading a 5,000-entry feeds.json.
    private static let entrySpecs = EntryOptions.specs

    func read(_ value: JSONValue, path: String, into problems: inout ConfigProblems) -> SourceEntry? {
        guard case .object(let object) = value else {
            problems.add(path, "expected an object with \"id\" and \"type\"")
            return nil
        }
        let before = problems.messages.count
        guard let id = readID(object, path, &problems), let type = readType(object, path, &problems) else { return nil }
        let specs = commonSpecs(overriddenBy: type.options) + type.options
        var read = ReadOptions()
        if type.acceptsUndeclaredOptions {
            readUndeclared(object, known: specs.map(\.name) + ["id", "type"], into: &read)
        } else {
            problems.rejectUnknownKeys(object, known: specs.map(\.name) + ["id", "type"], prefix: path + ".")
        }
        for spec in specs { readDeclared(spec, of: object, type: type, path: path, into: &read, &problems) }
        var common = commonOptions(read.values, type: type)
        if let rules = read.values["rules"], !type.options.contains(where: { $0.name == "rules" }) {
            common.rules = RuleParser(path: "\(path).rules").rules(rules, into: &problems)
        }
        let checks = EntryChecks(
            raw: object, common: common, ownedByType: Set(type.options.map(\.name)),
            secretsOfType: Set(type.options.filter(\.isSecret).map(\.name)))
        for (key, message) in checks.problems() { problems.add("\(path).\(key)", message) }
        if let message = RefreshRule.problem(with: common, options: read.values) {
            problems.add("\(path).refresh", message)
        }
        guard problems.messages.count == before else { return nil }
        return SourceEntry(
            path: path, id: id, type: type.name, common: common, options: read.values,
            unsetSecrets: read.unsetSecrets, unsetVariables: read.unsetVariables, secretsOptional: secretsOptional,
            secretHeaderNames: checks.headerNamesFromVariables, folder: paths.folder)
    }

    /// What an entry's options read to so far.
    private struct ReadOptions {
        var values: [String: JSONValue] = [:]
        var unsetSecrets: [String: String] = [:]
        var unsetVariables: [String: String] = [:]
    }

    /// Expands and checks one declared option, recording its value, its unset variable or its problem.
    private func readDeclared(
        _ spec: OptionSpec, of object: [String: JSONValue], type: SourceType, path: String,
        into read: inout ReadOptions, _ problems: inout ConfigProblems
    ) {
        guard let raw = object[spec.name] else {
            if spec.isRequired {
                problems.add(
                    "\(path).\(spec.name)", "missing; \(type.name) entries need \"\(spec.name)\" (\(spec.summary))")
            }
            return
        }
        if case .secret(let variable) = spec.kind, let text = raw.stringValue, !EntryChecks.isVariableReference(text) {
            problems.add("\(path).\(spec.name)", EntryChecks.writtenSecretProblem(example: variable))
            return
        }
        switch expansion.expand(raw) {
        case .failure(let unset) where spec.isSecret:
            read.unsetSecrets[spec.name] = unset.names.first
        case .failure(let unset):
            read.unsetVariables[spec.name] = unset.names.joined(separator: ", ")
        case .success(let expanded):
            let expanded = paths.resolve(expanded, kind: spec.kind)
            if let problem = OptionValidation.problem(with: expanded, for: spec) {
                problems.add("\(path).\(spec.name)", problem)
            } else {
                read.values[spec.name] = expanded
            }
        }
    }

    /// The common options of an entry, leaving out those its type owns.
    private func commonOptions(_ options: [String: JSONValue], type: SourceType) -> EntryOptions {
        let owned = Set(type.options.map(\.name)).subtracting(EntryOptions.sharedWithTypes)
        return EntryOptions(options.filter { !owned.contains($0.key) })
    }

    /// Keys the type does not declare, passed on as they are after `${VAR}` expansion;
    /// a key whose variable is unset is recorded like an unset secret.
    private func readUndeclared(_ object: [String: JSONValue], known: [String], into read: inout ReadOptions) {
        for (key, raw) in object where !known.contains(key) {
            switch expansion.expand(raw) {
            case .success(let expanded): read.values[key] = expanded
            case .failure(let missing): read.unsetSecrets[key] = missing.names.first
            }
        }
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
        // Every name (external plugins included) only for a message: listing them lists folders.
        var names: [String] { registry.types.map(\.name) }
        guard let name = object["type"]?.stringValue else {
            problems.add("\(path).type", "missing; one of \(OptionValidation.quoted(names))")
            return nil
        }
        guard let type = registry[name] else {
            problems.add(
                "\(path).type",
                "unknown source type \"\(name)\"\(Suggestion.hint(for: name, in: names)); run `tributary sources` to "
                    + "list them"
            )
            return nil
        }
        return type
    }

    /// The keys every entry may have; a source type's own spec of the same name wins.
    private func commonSpecs(overriddenBy own: [OptionSpec]) -> [OptionSpec] {
        Self.entrySpecs.filter { spec in !own.contains { $0.name == spec.name } }
    }
}
