import Foundation
import TributaryTesting

/// A real SMTP server on 127.0.0.1 for the `--mail` tests: Python's aiosmtpd (installed by
/// `scripts/bootstrap --tests`), in clear text, with STARTTLS, or with TLS from the start
/// (`smtps`), over a self-signed certificate made with `openssl req` for the test. Each
/// message it takes is kept in its folder as `NNN.eml`, with `NNN.json` saying whom it was
/// from and to, whether the session was encrypted and who logged in.
final class MailServer: @unchecked Sendable {
    enum Mode: String {
        case plain, starttls, smtps
    }

    let folder: URL
    let port: Int
    private let process: Process

    /// The certificate the server presents (and the test's `caFile`).
    var certificate: URL { folder.appendingPathComponent("cert.pem") }

    private init(folder: URL, port: Int, process: Process) {
        self.folder = folder
        self.port = port
        self.process = process
    }

    /// Starts the server; with `user` and `password` it offers AUTH (after STARTTLS only) and
    /// accepts just that login.
    static func start(_ mode: Mode, user: String? = nil, password: String? = nil) async throws -> MailServer {
        let folder = Scratch.folder.appendingPathComponent("smtp-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(serverScript.utf8).write(to: folder.appendingPathComponent("server.py"))
        try Data(checkScript.utf8).write(to: folder.appendingPathComponent("check.py"))
        if mode != .plain { try makeCertificate(in: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", folder.appendingPathComponent("server.py").path, folder.path, mode.rawValue]
        var environment = ProcessInfo.processInfo.environment
        environment["SMTP_TEST_USER"] = user
        environment["SMTP_TEST_PASSWORD"] = password
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let portFile = folder.appendingPathComponent("port")
        guard await yieldUntil(within: .seconds(30), { FileManager.default.fileExists(atPath: portFile.path) }),
            let port = Int((try String(contentsOf: portFile, encoding: .utf8)).trimmingCharacters(in: .whitespaces))
        else {
            process.terminate()
            throw MailServerError("the SMTP server did not start (is aiosmtpd installed? scripts/bootstrap --tests)")
        }
        return MailServer(folder: folder, port: port, process: process)
    }

    /// Ends the server: it exits at once on SIGTERM (and by itself once the test process is gone).
    /// Not waited for: `Process.waitUntilExit` spins on a cooperative thread.
    func stop() {
        kill(process.processIdentifier, SIGTERM)
    }

    /// The messages taken so far, oldest first.
    var messages: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".eml") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// What the server noted of the session of `message` (`from`, `to`, `tls`, `user`).
    func session(of message: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: message.deletingPathExtension().appendingPathExtension("json"))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// `message` as Python's `email` package reads it (`check.py`): headers decoded and raw,
    /// the parts with their decoded text, the defects it found, the longest line.
    func parsed(_ message: URL) throws -> ParsedMail {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", folder.appendingPathComponent("check.py").path, message.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode(ParsedMail.self, from: data)
    }

    struct ParsedMail: Decodable {
        struct Part: Decodable {
            var type: String
            var charset: String?
            var encoding: String?
            var content: String
        }
        var subject: String
        var rawSubject: String
        var date: String
        var dateUTC: String
        var messageID: String
        var mimeVersion: String
        var from: String
        var to: [String]
        var type: String
        var parts: [Part]
        var defects: [String]
        var longestLine: Int
        var bareLineFeeds: Bool

        func part(_ type: String) -> String? { parts.first { $0.type == type }?.content }
    }

    private static func makeCertificate(in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost",
            "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
            "-keyout", folder.appendingPathComponent("key.pem").path,
            "-out", folder.appendingPathComponent("cert.pem").path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw MailServerError("openssl req failed") }
    }

    static let serverScript = #"""
        import json, os, signal, socket, ssl, sys, time
        from aiosmtpd.controller import Controller
        from aiosmtpd.smtp import AuthResult, LoginPassword

        folder, mode = sys.argv[1], sys.argv[2]
        user, password = os.environ.get("SMTP_TEST_USER"), os.environ.get("SMTP_TEST_PASSWORD")

        class Handler:
            count = 0

            async def handle_DATA(self, server, session, envelope):
                Handler.count += 1
                base = os.path.join(folder, "%03d" % Handler.count)
                note = {"from": envelope.mail_from, "to": envelope.rcpt_tos, "tls": session.ssl is not None
                        or server.transport.get_extra_info("ssl_object") is not None,
                        "user": session.auth_data.login.decode() if isinstance(session.auth_data, LoginPassword) else None}
                with open(base + ".json", "w") as f:
                    json.dump(note, f)
                with open(base + ".tmp", "wb") as f:
                    f.write(envelope.original_content)
                os.rename(base + ".tmp", base + ".eml")
                return "250 OK"

        def authenticator(server, session, envelope, mechanism, auth_data):
            ok = isinstance(auth_data, LoginPassword) and auth_data.login.decode() == user \
                and auth_data.password.decode() == password
            return AuthResult(success=ok, handled=False, auth_data=auth_data)

        def free_port():
            with socket.socket() as s:
                s.bind(("127.0.0.1", 0))
                return s.getsockname()[1]

        context = None
        if mode != "plain":
            context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
            context.load_cert_chain(os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem"))
        options = {}
        if user:
            options.update(authenticator=authenticator, auth_require_tls=True)
        if mode == "starttls":
            options.update(tls_context=context, require_starttls=True)
        elif mode == "smtps":
            options.update(ssl_context=context)
        controller = Controller(Handler(), hostname="127.0.0.1", port=free_port(), **options)
        controller.start()
        with open(os.path.join(folder, "port.tmp"), "w") as f:
            f.write(str(controller.port))
        os.rename(os.path.join(folder, "port.tmp"), os.path.join(folder, "port"))
        # Ends at SIGTERM, and with the test process that started it (a test killed or timed out).
        signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
        parent = os.getppid()
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)
        """#

    static let checkScript = #"""
        import email, json, sys
        from email import policy

        raw = open(sys.argv[1], "rb").read()
        message = email.message_from_bytes(raw, policy=policy.default)
        compat = email.message_from_bytes(raw)
        parts, defects = [], [str(d) for d in message.defects]
        for part in (message.iter_parts() if message.is_multipart() else []):
            defects += [str(d) for d in part.defects]
            parts.append({"type": part.get_content_type(), "charset": part.get_content_charset(),
                          "encoding": part["Content-Transfer-Encoding"], "content": part.get_content()})
        print(json.dumps({
            "subject": str(message["subject"]), "rawSubject": compat["subject"],
            "date": str(message["date"]), "dateUTC": message["date"].datetime.isoformat(),
            "messageID": str(message["message-id"]), "mimeVersion": str(message["mime-version"]),
            "from": str(message["from"]), "to": [a.addr_spec for a in message["to"].addresses],
            "type": message.get_content_type(), "parts": parts, "defects": defects,
            "longestLine": max(len(line) for line in raw.split(b"\r\n")),
            "bareLineFeeds": b"\n" in raw.replace(b"\r\n", b""),
        }))
        """#
}

struct MailServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
