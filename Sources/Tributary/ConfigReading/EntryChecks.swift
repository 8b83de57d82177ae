import Foundation

/// The checks on an entry's common options that their JSON types cannot express: a
/// password only by `${VAR}` (in `password` and in a URL), user name and password
/// together, credentials never over plain http to another machine, header names and
/// values that cannot break a request, regular expressions that compile, and a
/// `selector` that parses and has `fullText` beside it.
package struct EntryChecks {
    /// The entry as written, before `${VAR}` expansion.
    let raw: [String: JSONValue]
    let common: EntryOptions
    /// The option names the entry's type declares itself.
    let ownedByType: Set<String>
    /// The names of the type's own secret options (API keys, tokens).
    let secretsOfType: Set<String>

    /// Header fields Tributary sets itself; an entry may not replace them.
    static let reservedHeaders: Set<String> = ["host", "content-length", "transfer-encoding", "connection"]
    private static let tokenCharacters = CharacterSet(
        charactersIn: "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

    /// The `headers` whose values are written with `${VAR}`: secrets.
    var headerNamesFromVariables: Set<String> {
        guard !ownedByType.contains("headers"), case .object(let members)? = raw["headers"] else { return [] }
        return Set(members.filter { $0.value.stringValue?.contains("${") == true }.keys)
    }

    /// Each problem as the key it concerns and a message saying what to do.
    func problems() -> [(String, String)] {
        credentialProblems() + cleartextProblems() + headerProblems() + patternProblems() + selectorProblems()
    }

    /// Basic credentials, `${VAR}` headers, a type's own secrets and credentials in a URL,
    /// sent over plain http, can be read by anyone on the way: they go only over https, or
    /// over http to this machine.
    private func cleartextProblems() -> [(String, String)] {
        let typeSecretSet = secretsOfType.contains { raw[$0] != nil }
        let entrySendsSecrets = raw["username"] != nil || !headerNamesFromVariables.isEmpty || typeSecretSet
        let addresses = [("url", raw["url"]?.stringValue.flatMap(URL.init(string:))), ("baseURL", common.baseURL)]
        return addresses.compactMap { key, url in
            guard let url, entrySendsSecrets || url.user != nil else { return nil }
            guard url.scheme?.lowercased() == "http", !url.staysOnThisMachine else { return nil }
            return (
                key,
                "is plain http://, which would send this entry's credentials readable to anyone on the way; "
                    + "use https:// (plain http is allowed only to this machine: localhost, 127.0.0.1)"
            )
        }
    }

    /// A `selector` that does not parse, or one set without `fullText`, which would do nothing.
    private func selectorProblems() -> [(String, String)] {
        guard !ownedByType.contains("selector"), let selector = common.selector else { return [] }
        do {
            _ = try ElementSelector(parsing: selector)
        } catch {
            return [("selector", "\"\(selector)\": \(error.description)")]
        }
        guard common.fullText else {
            return [
                ("selector", "is used only with \"fullText\": true; add it beside the selector, or remove the selector")
            ]
        }
        return []
    }

    private func credentialProblems() -> [(String, String)] {
        guard !ownedByType.contains("password") else { return [] }
        var found: [(String, String)] = []
        if let password = raw["password"]?.stringValue, !Self.isVariableReference(password) {
            found.append(("password", Self.writtenSecretProblem(example: "FEED_PASSWORD")))
        }
        for key in ["url", "baseURL"] {
            if let address = raw[key]?.stringValue, Self.holdsWrittenPassword(address) {
                found.append(
                    (
                        key,
                        "holds a password; \(Self.passwordInAddressAdvice): a password written in feeds.json is "
                            + "readable by anyone who can read the file"
                    ))
            }
        }
        switch (raw["username"] != nil, raw["password"] != nil) {
        case (true, false): found.append(("username", "needs \"password\": \"${VAR}\" beside it (HTTP Basic)"))
        case (false, true): found.append(("password", "needs \"username\" beside it (HTTP Basic)"))
        default: break
        }
        return found
    }

    private func headerProblems() -> [(String, String)] {
        var found: [(String, String)] = []
        if !ownedByType.contains("headers") {
            for (name, value) in common.headers.sorted(by: { $0.key < $1.key }) {
                if name.isEmpty || !name.unicodeScalars.allSatisfy(Self.tokenCharacters.contains) {
                    found.append(("headers", "\"\(name)\" is not a header name (letters, digits and -)"))
                } else if Self.reservedHeaders.contains(name.lowercased()) {
                    found.append(("headers.\(name)", "set by Tributary itself; remove it"))
                } else if name.lowercased() == "user-agent" {
                    found.append(("headers.\(name)", "use the entry's \"userAgent\" instead"))
                } else if name.lowercased() == "authorization", raw["username"] != nil {
                    found.append(("headers.\(name)", "give either \"username\"/\"password\" or this header, not both"))
                } else if !Self.isHeaderValue(value) {
                    found.append(("headers.\(name)", "the value holds a line break or control character"))
                }
            }
        }
        if let agent = common.userAgent, !ownedByType.contains("userAgent"), !Self.isHeaderValue(agent) {
            found.append(("userAgent", "holds a line break or control character"))
        }
        return found
    }

    private func patternProblems() -> [(String, String)] {
        guard common.match == .regex else { return [] }
        let lists = [("include", common.include), ("exclude", common.exclude)]
        return lists.flatMap { key, patterns in
            patterns.enumerated().compactMap { index, pattern in
                KeywordMatch.compile(pattern) == nil
                    ? ("\(key)[\(index)]", "\"\(pattern)\" is not a valid regular expression (ICU syntax)") : nil
            }
        }
    }

    /// What a secret written as its value in feeds.json is told; `example` names a variable.
    static func writtenSecretProblem(example variable: String) -> String {
        "must name an environment variable, e.g. \"${\(variable)}\" (and export it); a secret written in "
            + "feeds.json is readable by anyone who can read the file"
    }

    /// How to write a password in an address instead: the one advice `validate`, `add` and
    /// `import` give.
    package static let passwordInAddressAdvice =
        "write it as a variable, e.g. \"https://reader:${FEED_PASSWORD}@example.org/feed\", and export FEED_PASSWORD"

    /// Whether an address as written carries a password other than `${NAME}`
    /// (`https://reader:hunter2@example.org/feed`); a lone user name is no password.
    package static func holdsWrittenPassword(_ address: String) -> Bool {
        guard let schemeEnd = address.range(of: "://") else { return false }
        let authority = address[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else {
            return false
        }
        let password = authority[authority.index(after: colon)..<at]
        return !password.isEmpty && !isVariableReference(String(password))
    }

    /// Exactly one `${NAME}` and nothing else.
    static func isVariableReference(_ text: String) -> Bool {
        guard text.hasPrefix("${"), text.hasSuffix("}"), text.count > 3 else { return false }
        let name = text.dropFirst(2).dropLast()
        return name.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
    }

    /// No control characters (a line break would start another header).
    static func isHeaderValue(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }
    }
}
