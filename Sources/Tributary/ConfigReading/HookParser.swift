import Foundation

/// Reads feeds.json's `hooks` list, recording each problem with the path of the value at
/// fault (`hooks[1].url`) and the fix.
struct HookParser {
    let expansion: EnvironmentExpansion
    /// Where a program written with a slash is found from: feeds.json's folder.
    let paths: ConfigPaths

    static let keys = ["name", "exec", "webhook", "timeout", "retries", "secret", "template"]
    static let example = #"{"webhook": "https://ntfy.sh/my-topic"} or {"exec": ["notify.sh"]}"#

    func hooks(_ value: JSONValue, into problems: inout ConfigProblems) -> [Hook] {
        guard case .array(let list) = value else {
            problems.add("hooks", "expected a list of hooks such as [\(Self.example)]")
            return []
        }
        let hooks = list.enumerated().compactMap { index, hook in self.hook(hook, path: "hooks[\(index)]", &problems) }
        var seen: [String: String] = [:]
        for hook in hooks {
            if let first = seen[hook.key] {
                problems.add(
                    hook.path, "does the same as \(first); give each hook its own \"name\" or remove one")
            }
            seen[hook.key] = seen[hook.key] ?? hook.path
        }
        return hooks
    }

    private func hook(_ value: JSONValue, path: String, _ problems: inout ConfigProblems) -> Hook? {
        guard case .object(let object) = value else {
            problems.add(path, "expected a hook such as \(Self.example)")
            return nil
        }
        problems.rejectUnknownKeys(object, known: Self.keys, prefix: path + ".")
        let before = problems.messages.count
        let name = self.name(object["name"], path: path + ".name", &problems)
        let (target, written) = self.target(object, path: path, &problems) ?? (nil, "")
        let timeout = self.timeout(object["timeout"], path: path + ".timeout", &problems)
        let retries = self.retries(object["retries"], path: path + ".retries", &problems)
        let secret = self.secret(object["secret"], path: path + ".secret", &problems)
        let template = self.template(object["template"], isWebhook: object["webhook"] != nil, path: path, &problems)
        guard let target, problems.messages.count == before else { return nil }
        return Hook(
            name: name ?? path, key: name ?? "target:\(StableHash.hex(written))", target: target, timeout: timeout,
            retries: retries, secret: secret, template: template, path: path,
            folder: paths.folder)
    }

    private func name(_ value: JSONValue?, path: String, _ problems: inout ConfigProblems) -> String? {
        guard let value else { return nil }
        guard let name = value.stringValue?.trimmingCharacters(in: .whitespaces), !name.isEmpty else {
            problems.add(path, "expected a non-empty string, the hook's name in messages")
            return nil
        }
        return name
    }

    /// The hook's `exec` or `webhook`, expanded, with the text it was written as.
    private func target(
        _ object: [String: JSONValue], path: String, _ problems: inout ConfigProblems
    ) -> (Hook.Target, String)? {
        switch (object["exec"], object["webhook"]) {
        case (nil, nil):
            problems.add(path, "needs \"exec\" (a command) or \"webhook\" (a URL), such as \(Self.example)")
        case (.some, .some):
            problems.add(path, "has both \"exec\" and \"webhook\"; split it into two hooks")
        case (let exec?, nil):
            guard let arguments = exec.stringList, !arguments.isEmpty, !arguments[0].isEmpty else {
                problems.add(
                    path + ".exec",
                    OptionValidation.expected("a non-empty list of strings (program and arguments)", exec))
                return nil
            }
            guard let expanded = expanded(arguments, path: path + ".exec", &problems) else { return nil }
            let resolved = paths.resolve(.array(expanded.map(JSONValue.string)), kind: .command).stringList ?? expanded
            return (.exec(resolved), arguments.joined(separator: "\u{0}"))
        case (nil, let webhook?):
            guard let written = webhook.stringValue else {
                problems.add(path + ".webhook", OptionValidation.expected("an http or https URL", webhook))
                return nil
            }
            guard let text = expanded([written], path: path + ".webhook", &problems)?.first else { return nil }
            if let problem = OptionValidation.urlProblem(.string(text), schemes: ["http", "https"]) {
                problems.add(path + ".webhook", problem.replacingOccurrences(of: text, with: written))
                return nil
            }
            return URL(string: text).map { (.webhook($0), written) }
        }
        return nil
    }

    private func expanded(_ texts: [String], path: String, _ problems: inout ConfigProblems) -> [String]? {
        var result: [String] = []
        for text in texts {
            switch expansion.expand(text) {
            case .success(let value): result.append(value)
            case .failure(let unset):
                problems.add(path, "uses ${\(unset.names[0])}, which is not set; export it or remove the reference")
                return nil
            }
        }
        return result
    }

    private func timeout(_ value: JSONValue?, path: String, _ problems: inout ConfigProblems) -> Duration {
        guard let value else { return Hook.defaultTimeout }
        guard let timeout = Duration.parse(value) else {
            problems.add(path, "expected \(Duration.acceptedForms), found \(OptionValidation.describe(value))")
            return Hook.defaultTimeout
        }
        return timeout
    }

    private func retries(_ value: JSONValue?, path: String, _ problems: inout ConfigProblems) -> Int {
        guard let value else { return Hook.defaultRetries }
        guard let retries = value.intValue, (0...100).contains(retries) else {
            problems.add(path, "expected a whole number from 0 to 100, found \(OptionValidation.describe(value))")
            return Hook.defaultRetries
        }
        return retries
    }

    private func secret(_ value: JSONValue?, path: String, _ problems: inout ConfigProblems) -> Secret? {
        guard let value else { return nil }
        guard let text = value.stringValue, EntryChecks.isVariableReference(text) else {
            // The value itself is never quoted back: it may be the secret.
            problems.add(path, EntryChecks.writtenSecretProblem(example: "HOOK_SECRET"))
            return nil
        }
        guard case .success(let secret) = expansion.expand(text) else {
            problems.add(path, "\(text) is not set; export it, or remove \"secret\" to send unsigned")
            return nil
        }
        return Secret(secret)
    }

    private func template(
        _ value: JSONValue?, isWebhook: Bool, path: String, _ problems: inout ConfigProblems
    ) -> String? {
        guard let value else { return nil }
        guard isWebhook else {
            problems.add(path + ".template", "only a webhook takes a template; remove it, or make the hook a webhook")
            return nil
        }
        guard let template = value.stringValue, !template.isEmpty else {
            problems.add(
                path + ".template", OptionValidation.expected("a Mustache template of the body, as a string", value))
            return nil
        }
        return template
    }
}
