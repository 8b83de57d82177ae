import Foundation
import Testing
import TributaryTesting

/// `digest --mail` through the binary, to a real SMTP server on loopback (`MailServer`),
/// each message read back with Python's `email` package.
@Suite(.serialized) struct MailRunTests {
    static let password = "pa55-w0rd-never-shown"
    static let environment = ["SMTP_PASSWORD": password]

    struct Setup {
        let feed: StateRunTests.GrowingFeed
        let server: LocalHTTPServer
        let mail: MailServer
        let config: URL
        var folder: URL { config.deletingLastPathComponent() }

        func arguments(_ extra: [String] = []) -> [String] {
            [
                "digest", "--config", config.path, "--state", folder.appendingPathComponent("state.sqlite").path,
                "--no-cache", "--mail",
            ] + extra
        }

        func shutdown() {
            mail.stop()
            Task { await server.shutdown() }
        }

        /// The item titles in the text part of each message, in order.
        func mailedTitles() throws -> [[String]] {
            try mail.messages.map { message in
                let text = try mail.parsed(message).part("text/plain") ?? ""
                return text.matches(of: #/Post \d+/#).map { String($0.output) }
            }
        }
    }

    /// A growing feed and a `mail` section aimed at `mail`: `section` is the rest of it, as JSON members.
    static func setUp(_ mode: MailServer.Mode, section: (MailServer) -> String) async throws -> Setup {
        let feed = StateRunTests.GrowingFeed()
        let server = try await LocalHTTPServer.start { _ in .text(feed.body, contentType: "application/rss+xml") }
        let mail = try await MailServer.start(mode, user: "digest", password: password)
        let config = try TributaryBinary.config(
            #"""
            {"title": "Morning", "sources": [{"id": "g", "type": "feed", "url": "\#(server.baseURL)/feed.xml"}],
             "mail": {"to": ["me@example.org", "you@example.net"], "from": "tributary@example.org", \#(section(mail))}}
            """#)
        return Setup(feed: feed, server: server, mail: mail, config: config)
    }

    static func startTLS(_ mail: MailServer) -> String {
        #""smtp": "smtp://127.0.0.1:\#(mail.port)", "user": "digest", "password": "${SMTP_PASSWORD}", "caFile": "\#(mail.certificate.path)""#
    }

    @Test func theNewItemsArriveAsTextAndHTMLUnderAnEncodedSubjectOverSTARTTLS() async throws {
        let setup = try await Self.setUp(.starttls) {
            Self.startTLS($0) + #", "subject": "Neues für dich ✓""#
        }
        defer { setup.shutdown() }
        let first = try await TributaryBinary.run(setup.arguments(), environment: Self.environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Post 3"), "the digest is printed as usual")
        #expect(first.stderr.contains("tributary: mailed the digest (3 items)"), "\(first.stderr)")
        let message = try #require(setup.mail.messages.first)
        let parsed = try setup.mail.parsed(message)
        #expect(parsed.subject == "Neues für dich ✓")
        #expect(parsed.rawSubject.hasPrefix("=?UTF-8?B?"), "\(parsed.rawSubject)")
        #expect(parsed.type == "multipart/alternative" && parsed.parts.map(\.type) == ["text/plain", "text/html"])
        #expect(parsed.parts.allSatisfy { $0.charset == "utf-8" })
        #expect(parsed.defects.isEmpty, "\(parsed.defects)")
        #expect(parsed.longestLine <= 78 && !parsed.bareLineFeeds)
        #expect(parsed.mimeVersion == "1.0" && parsed.from == "tributary@example.org")
        #expect(parsed.to == ["me@example.org", "you@example.net"])
        #expect(parsed.messageID.hasPrefix("<") && parsed.messageID.hasSuffix("@example.org>"))
        #expect(parsed.dateUTC.hasSuffix("+00:00"), "\(parsed.date)")
        let text = try #require(parsed.part("text/plain"))
        #expect(text.contains("Post 1") && text.contains("Post 3") && !text.contains("\u{1B}["), "no colour")
        let html = try #require(parsed.part("text/html"))
        #expect(html.contains("Post 2") && html.contains("<html"))
        #expect(!html.contains("<script"), "a message carries no script: mail readers run none")
        let session = try setup.mail.session(of: message)
        #expect(session["tls"] as? Bool == true, "STARTTLS was used")
        #expect(session["user"] as? String == "digest")
        #expect(session["to"] as? [String] == ["me@example.org", "you@example.net"])
        for output in [first.stdout, first.stderr] { #expect(!output.contains(Self.password)) }

        let nothing = try await TributaryBinary.run(setup.arguments(), environment: Self.environment)
        #expect(nothing.status == 0 && nothing.stderr.contains("nothing new to mail"), "\(nothing.stderr)")
        #expect(setup.mail.messages.count == 1, "a run that found nothing new sends nothing")
        setup.feed.grow(by: 2)
        let second = try await TributaryBinary.run(setup.arguments(), environment: Self.environment)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try setup.mailedTitles() == [["Post 1", "Post 2", "Post 3"], ["Post 4", "Post 5"]], "only new items")
    }

    @Test func allMailsEveryItemAndSendEmptyMailsANewsLessRun() async throws {
        let setup = try await Self.setUp(.starttls) { Self.startTLS($0) + #", "sendEmpty": true"# }
        defer { setup.shutdown() }
        _ = try await TributaryBinary.run(setup.arguments(), environment: Self.environment)
        let empty = try await TributaryBinary.run(setup.arguments(), environment: Self.environment)
        #expect(empty.status == 0 && empty.stderr.contains("mailed the digest (0 items)"), "\(empty.stderr)")
        setup.feed.grow(by: 1)
        _ = try await TributaryBinary.run(setup.arguments(["--all"]), environment: Self.environment)
        let titles = try setup.mailedTitles()
        #expect(titles.count == 3 && titles[1].isEmpty)
        #expect(titles[2].sorted() == ["Post 1", "Post 2", "Post 3", "Post 4"], "--all: the whole digest")
        #expect(try setup.mail.parsed(setup.mail.messages[1]).subject == "Morning: 0 new items")
    }

    @Test func aRefusedLoginExitsFourPrintsTheDigestAndTheNextRunMailsTheItems() async throws {
        let setup = try await Self.setUp(.starttls) { Self.startTLS($0) }
        defer { setup.shutdown() }
        let wrong = "wr0ng-pa55word"
        let failed = try await TributaryBinary.run(setup.arguments(), environment: ["SMTP_PASSWORD": wrong])
        #expect(failed.status == 4, "\(failed.stderr)")
        #expect(failed.stdout.contains("Post 3"), "the digest is printed anyway")
        #expect(
            failed.stderr.contains(
                "tributary: mail not sent: the mail server 127.0.0.1:\(setup.mail.port) refused the login; check "
                    + "mail.user and mail.password's variable; 3 items wait for the next run"), "\(failed.stderr)")
        #expect(!failed.stderr.contains(wrong) && !failed.stdout.contains(wrong))
        #expect(setup.mail.messages.isEmpty)
        setup.feed.grow(by: 1)
        let next = try await TributaryBinary.run(setup.arguments(), environment: Self.environment)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try setup.mailedTitles().map { $0.sorted() } == [["Post 1", "Post 2", "Post 3", "Post 4"]])
    }

    @Test func aServerWithoutSTARTTLSGetsNothingUnlessClearTextToThisMachineIsAskedFor() async throws {
        let setup = try await Self.setUp(.plain) { #""smtp": "smtp://127.0.0.1:\#($0.port)""# }
        defer { setup.shutdown() }
        let refused = try await TributaryBinary.run(setup.arguments(), environment: Self.environment)
        #expect(refused.status == 4, "\(refused.stderr)")
        #expect(
            refused.stderr.contains("does not offer STARTTLS, so nothing was sent in clear text"), "\(refused.stderr)")
        #expect(setup.mail.messages.isEmpty)
        let text = try String(contentsOf: setup.config, encoding: .utf8)
        try Data(text.replacingOccurrences(of: #""smtp": "#, with: #""starttls": false, "smtp": "#).utf8)
            .write(to: setup.config)
        let clear = try await TributaryBinary.run(setup.arguments(), environment: Self.environment)
        #expect(clear.status == 0, "\(clear.stderr)")
        let message = try #require(setup.mail.messages.first)
        #expect(try setup.mail.session(of: message)["tls"] as? Bool == false)
        #expect(try setup.mailedTitles() == [["Post 1", "Post 2", "Post 3"]], "the refused run's items")
    }

    @Test func smtpsVerifiesTheCertificateAgainstCAFileAndNeverSkipsIt() async throws {
        let setup = try await Self.setUp(.smtps) { #""smtp": "smtps://127.0.0.1:\#($0.port)""# }
        defer { setup.shutdown() }
        let unverified = try await TributaryBinary.run(setup.arguments(), environment: Self.environment)
        #expect(unverified.status == 4, "\(unverified.stderr)")
        #expect(unverified.stderr.contains("needs its authority in mail.caFile"), "\(unverified.stderr)")
        #expect(setup.mail.messages.isEmpty, "a certificate it cannot verify gets nothing")
        let text = try String(contentsOf: setup.config, encoding: .utf8)
        try Data(
            text.replacingOccurrences(of: #""smtp": "#, with: #""caFile": "\#(setup.mail.certificate.path)", "smtp": "#)
                .utf8
        ).write(to: setup.config)
        let verified = try await TributaryBinary.run(setup.arguments(), environment: Self.environment)
        #expect(verified.status == 0, "\(verified.stderr)")
        let message = try #require(setup.mail.messages.first)
        #expect(try setup.mail.session(of: message)["tls"] as? Bool == true)
    }

    @Test func mistakesInTheMailSectionNameTheFieldAndTheFix() async throws {
        let config = try TributaryBinary.config(
            #"""
            {"sources": [], "mail": {"to": "me", "from": "a@b.org", "smtp": "http://mail.example.org",
             "password": "hunter2", "tls": true}}
            """#)
        let run = try await TributaryBinary.run(["validate", "--config", config.path])
        #expect(run.status == 3, "\(run.stderr)")
        for expected in [
            #"mail.to: "me" is not an e-mail address such as "me@example.org""#,
            #"mail.smtp: "http://mail.example.org" is not smtps://host"#,
            #"mail.password: must name an environment variable, e.g. "${SMTP_PASSWORD}""#,
            "mail.tls: unknown key",
        ] {
            #expect(run.stderr.contains(expected), "\(expected)\n\(run.stderr)")
        }
        #expect(!run.stderr.contains("hunter2"))
        let clear = try TributaryBinary.config(
            #"{"sources": [], "mail": {"to": "me@x.org", "from": "a@b.org", "smtp": "smtp://mail.example.org", "starttls": false}}"#
        )
        let refused = try await TributaryBinary.run(["validate", "--config", clear.path])
        #expect(refused.status == 3 && refused.stderr.contains("mail.starttls: false would send"), "\(refused.stderr)")
        let none = try TributaryBinary.config(#"{"sources": []}"#)
        let missing = try await TributaryBinary.run(["digest", "--config", none.path, "--mail"])
        #expect(missing.status == 3 && missing.stderr.contains("mail: missing; --mail needs"), "\(missing.stderr)")
        let noState = try await TributaryBinary.run(["digest", "--config", none.path, "--mail", "--no-state"])
        #expect(noState.status == 64 && noState.stderr.contains("--mail needs the state store"), "\(noState.stderr)")
    }

    /// The issue's end-to-end check: a `notify` rule, an exec hook, a webhook and `--mail` over a
    /// growing feed; three runs and one killed with SIGKILL while a hook runs: each new item
    /// reaches each hook once, and the mail carries each once too.
    @Test func eachNewItemReachesEachHookAndTheMailOnceAcrossAKilledRun() async throws {
        let feed = StateRunTests.GrowingFeed()
        let server = try await LocalHTTPServer.start { _ in .text(feed.body, contentType: "application/rss+xml") }
        let receiver = try await LocalHTTPServer.start { _ in .text("ok") }
        let mail = try await MailServer.start(.plain)
        defer {
            mail.stop()
            Task {
                await server.shutdown()
                await receiver.shutdown()
            }
        }
        let config = try TributaryBinary.config(
            #"""
            {"sources": [{"id": "g", "type": "feed", "url": "\#(server.baseURL)/feed.xml"}],
             "rules": [{"if": {"title": {"contains": "Post 2"}}, "then": ["notify"]}],
             "hooks": [{"name": "log", "exec": ["./log.sh"]},
                       {"name": "ci", "webhook": "\#(receiver.baseURL)/hook", "secret": "${HOOK_SECRET}"}],
             "mail": {"to": "me@example.org", "from": "tributary@example.org",
                      "smtp": "smtp://127.0.0.1:\#(mail.port)", "starttls": false}}
            """#)
        let folder = config.deletingLastPathComponent()
        let script = "if [ -e hang ]; then echo $$ > hung.pid; sleep 60; fi\ncat >> got.jsonl"
        try Data("#!/bin/sh\n\(script)\n".utf8).write(to: folder.appendingPathComponent("log.sh"))
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: folder.appendingPathComponent("log.sh").path)
        let setup = HookRunTests.Setup(feed: feed, server: server, receiver: receiver, config: config)
        let arguments = setup.arguments() + ["--mail"]
        let environment = ["HOOK_SECRET": "s3cret"]
        let mailed = {
            try mail.messages.flatMap { message in
                (try mail.parsed(message).part("text/plain") ?? "").matches(of: #/Post \d+/#).map { String($0.output) }
            }
        }

        let first = try await TributaryBinary.run(arguments, environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(setup.execTitles.sorted() == ["Post 1", "Post 2", "Post 3"])
        #expect(setup.webhookTitles.sorted() == ["Post 1", "Post 2", "Post 3"])
        #expect(try mailed().sorted() == ["Post 1", "Post 2", "Post 3"])

        feed.grow(by: 2)
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("hang").path, contents: nil)
        let killed = try TributaryBinary.start(arguments, environment: environment)
        #expect(await yieldUntil { !setup.read("hung.pid").isEmpty }, "the hook started")
        killed.send(SIGKILL)
        #expect(try await killed.hasEnded(within: .seconds(10)))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("hang"))
        #expect(setup.execTitles.count == 3 && setup.webhookTitles.count == 3 && mail.messages.count == 1)

        feed.grow(by: 1)
        let third = try await TributaryBinary.run(arguments, environment: environment)
        #expect(third.status == 0, "\(third.stderr)")
        let all = (1...6).map { "Post \($0)" }
        #expect(setup.execTitles.sorted() == all, "once each, none lost to the kill, Post 2 not again for its rule")
        #expect(setup.webhookTitles.sorted() == all)
        #expect(try mailed().sorted() == all, "the mail too: the killed run's items came with the third")
        #expect(mail.messages.count == 2)
        let fourth = try await TributaryBinary.run(arguments, environment: environment)
        #expect(fourth.status == 0 && setup.execTitles.count == 6 && setup.webhookTitles.count == 6)
        #expect(mail.messages.count == 2, "nothing new: no mail")
    }
}
