import Foundation

/// Reads feeds.json's `mail` section, recording each problem with the path of the value
/// at fault (`mail.smtp`) and the fix, as `HookParser` does for `hooks`.
struct MailParser {
    let expansion: EnvironmentExpansion
    /// Where a relative `caFile` is found from: feeds.json's folder.
    let paths: ConfigPaths

    static let keys = [
        "to", "from", "subject", "smtp", "user", "password", "starttls", "caFile", "sendEmpty", "timeout", "retries",
    ]
    static let example = MailSettings.example

    func settings(_ value: JSONValue, into problems: inout ConfigProblems) -> MailSettings? {
        guard case .object(let object) = value else {
            problems.add("mail", "expected an object such as \(Self.example)")
            return nil
        }
        problems.rejectUnknownKeys(object, known: Self.keys, prefix: "mail.")
        let before = problems.messages.count
        let to = recipients(object["to"], &problems)
        let from = object["from"].flatMap { address($0, path: "mail.from", &problems) }
        if object["from"] == nil {
            problems.add(
                "mail.from", "missing; add the sender's address, such as \(#""from": "tributary@example.org""#)")
        }
        let server = self.server(object["smtp"], &problems)
        let security = self.security(object["starttls"], server: server, &problems)
        let user = object["user"].flatMap { text($0, path: "mail.user", what: "the user to log in as", &problems) }
        let password = self.password(object["password"], &problems)
        if password != nil && user == nil {
            problems.add("mail.password", "needs \"user\" too (the user to log in as), or remove the password")
        }
        var settings = MailSettings(
            to: to, from: from ?? "", server: server ?? URL(fileURLWithPath: "/"), security: security ?? .startTLS,
            user: user, password: password)
        settings.subject = object["subject"].flatMap { text($0, path: "mail.subject", what: "the subject", &problems) }
        settings.caFile = object["caFile"].flatMap { caFile($0, &problems) }
        settings.sendEmpty = flag(object["sendEmpty"], path: "mail.sendEmpty", &problems) ?? false
        settings.timeout = timeout(object["timeout"], &problems)
        settings.retries = retries(object["retries"], &problems)
        return problems.messages.count == before ? settings : nil
    }

    private func recipients(_ value: JSONValue?, _ problems: inout ConfigProblems) -> [String] {
        guard let value else {
            problems.add("mail.to", "missing; add the address to send the digest to, such as \"me@example.org\"")
            return []
        }
        if case .string = value { return address(value, path: "mail.to", &problems).map { [$0] } ?? [] }
        guard case .array(let list) = value, !list.isEmpty else {
            problems.add("mail.to", OptionValidation.expected("an address or a non-empty list of addresses", value))
            return []
        }
        return list.enumerated().compactMap { index, item in address(item, path: "mail.to[\(index)]", &problems) }
    }

    /// A plain address (`me@example.org`): no display name, nothing a header could be split with.
    private func address(_ value: JSONValue, path: String, _ problems: inout ConfigProblems) -> String? {
        guard let written = value.stringValue else {
            problems.add(path, OptionValidation.expected("an e-mail address such as \"me@example.org\"", value))
            return nil
        }
        guard let text = expanded(written, path: path, &problems) else { return nil }
        guard Self.isAddress(text) else {
            problems.add(
                path,
                "\"\(TextCleanup.singleLine(text))\" is not an e-mail address such as \"me@example.org\" "
                    + "(a plain address: no name, no spaces, no <>)")
            return nil
        }
        return text
    }

    /// `local@domain` in printable ASCII, without the characters that delimit addresses in headers.
    static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, text.utf8.count <= 254 else { return false }
        let forbidden = Set("<>()[]\\,;:\"".utf8)
        return text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && !forbidden.contains($0) }
    }

    private func server(_ value: JSONValue?, _ problems: inout ConfigProblems) -> URL? {
        let form = "smtps://host (TLS, port 465) or smtp://host:587 (STARTTLS)"
        guard let value else {
            problems.add("mail.smtp", "missing; add the server, \(form)")
            return nil
        }
        guard let written = value.stringValue else {
            problems.add("mail.smtp", OptionValidation.expected(form, value))
            return nil
        }
        guard let text = expanded(written, path: "mail.smtp", &problems) else { return nil }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["smtp", "smtps"].contains(scheme),
            let host = url.host, !host.isEmpty
        else {
            problems.add("mail.smtp", "\"\(TextCleanup.singleLine(written))\" is not \(form)")
            return nil
        }
        guard url.user == nil, url.password == nil else {
            // The address as written is not quoted back: it holds a password.
            problems.add(
                "mail.smtp", "holds a user or password; put them in \"user\" and \"password\" (as \"${VARIABLE}\")")
            return nil
        }
        guard url.path.isEmpty || url.path == "/", url.query == nil, url.fragment == nil else {
            problems.add("mail.smtp", "\"\(TextCleanup.singleLine(written))\" has a path; write only \(form)")
            return nil
        }
        return url
    }

    private func security(
        _ value: JSONValue?, server: URL?, _ problems: inout ConfigProblems
    ) -> MailSettings.Security? {
        guard let server else { return nil }
        let implicit = server.scheme?.lowercased() == "smtps"
        guard let value else { return implicit ? .implicitTLS : .startTLS }
        guard let starttls = value.boolValue else {
            problems.add("mail.starttls", OptionValidation.expected("true or false", value))
            return nil
        }
        if implicit {
            problems.add("mail.starttls", "smtps:// is TLS from the first byte; remove \"starttls\"")
            return nil
        }
        if starttls { return .startTLS }
        guard server.staysOnThisMachine else {
            problems.add(
                "mail.starttls",
                "false would send the digest and the password in clear text to \(server.host ?? "the server"); "
                    + "it is allowed only to this machine (localhost); remove it, or use smtps://")
            return nil
        }
        return MailSettings.Security.none
    }

    private func password(_ value: JSONValue?, _ problems: inout ConfigProblems) -> Secret? {
        guard let value else { return nil }
        guard let text = value.stringValue, EntryChecks.isVariableReference(text) else {
            // The value itself is never quoted back: it may be the password.
            problems.add("mail.password", EntryChecks.writtenSecretProblem(example: "SMTP_PASSWORD"))
            return nil
        }
        guard case .success(let password) = expansion.expand(text) else {
            problems.add("mail.password", "\(text) is not set; export it, or remove \"user\" and \"password\"")
            return nil
        }
        return Secret(password)
    }

    private func caFile(_ value: JSONValue, _ problems: inout ConfigProblems) -> URL? {
        guard let written = text(value, path: "mail.caFile", what: "the path of a PEM file", &problems) else {
            return nil
        }
        let path = (written as NSString).expandingTildeInPath
        let file = path.hasPrefix("/") ? URL(fileURLWithPath: path) : paths.folder.appendingPathComponent(path)
        guard FileManager.default.isReadableFile(atPath: file.path) else {
            problems.add("mail.caFile", "cannot read \(file.path); name a PEM file of certificate authorities")
            return nil
        }
        return file
    }

    /// A non-empty string without line breaks, `${VAR}`s expanded.
    private func text(_ value: JSONValue, path: String, what: String, _ problems: inout ConfigProblems) -> String? {
        guard let written = value.stringValue, !written.isEmpty else {
            problems.add(path, OptionValidation.expected("a non-empty string, \(what)", value))
            return nil
        }
        guard let text = expanded(written, path: path, &problems) else { return nil }
        guard EntryChecks.isHeaderValue(text) else {
            problems.add(path, "holds a line break or a control character; write it on one line")
            return nil
        }
        return text
    }

    private func flag(_ value: JSONValue?, path: String, _ problems: inout ConfigProblems) -> Bool? {
        guard let value else { return nil }
        guard let flag = value.boolValue else {
            problems.add(path, OptionValidation.expected("true or false", value))
            return nil
        }
        return flag
    }

    private func timeout(_ value: JSONValue?, _ problems: inout ConfigProblems) -> Duration {
        guard let value else { return MailSettings.defaultTimeout }
        guard let timeout = Duration.parse(value) else {
            problems.add(
                "mail.timeout", "expected \(Duration.acceptedForms), found \(OptionValidation.describe(value))")
            return MailSettings.defaultTimeout
        }
        return timeout
    }

    private func retries(_ value: JSONValue?, _ problems: inout ConfigProblems) -> Int {
        guard let value else { return MailSettings.defaultRetries }
        guard let retries = value.intValue, (0...100).contains(retries) else {
            problems.add(
                "mail.retries", "expected a whole number from 0 to 100, found \(OptionValidation.describe(value))")
            return MailSettings.defaultRetries
        }
        return retries
    }

    private func expanded(_ text: String, path: String, _ problems: inout ConfigProblems) -> String? {
        switch expansion.expand(text) {
        case .success(let value): return value
        case .failure(let unset):
            problems.add(path, "uses ${\(unset.names[0])}, which is not set; export it or remove the reference")
            return nil
        }
    }
}
