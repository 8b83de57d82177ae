import Foundation
import Testing
import TributaryTesting

/// Outside text quoted in messages (a `Location`, a `Content-Type`, a plugin's value, a
/// config value) and passwords in feed URLs, through the real binary: no escape sequence
/// reaches any output, and no password either.
@Suite struct HostileTextTests {
    /// OSC 52 (write the clipboard), OSC 8 (a hyperlink), OSC 0 (the window title) and CSI (clear the screen).
    static let escapes =
        "\u{1B}]52;c;cm0gLXJmIH4=\u{07}\u{1B}]8;;https://evil.example/\u{1B}\\x\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m"

    /// A redirect whose `Location`, or a body whose `Content-Type`, carries the escapes; else 404.
    static func answer(_ head: String) -> Data {
        let path = head.split(separator: " ").dropFirst().first ?? ""
        let response =
            switch path {
            case "/redirect": "HTTP/1.1 302 Found\r\nLocation: gopher://x/\(escapes)\r\nContent-Length: 0\r\n\r\n"
            case "/type": "HTTP/1.1 200 OK\r\nContent-Type: text/x-\(escapes)\r\nContent-Length: 7\r\n\r\nneither"
            default: "HTTP/1.1 404 Not Found\r\nContent-Length: 4\r\n\r\ngone"
            }
        return Data(response.utf8)
    }

    static func plugin(in folder: URL) throws -> URL {
        let script = folder.appendingPathComponent("bad-date")
        let line = #"{"id": "1", "title": "t", "published": "\u001b]52;c;cm0=\u0007\u001b[2J"}"#
        try Data("#!/bin/sh\ncat >/dev/null\necho '\(line)'\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script
    }

    static func config(server: RawHTTPServer) throws -> URL {
        let folder = Scratch.folder.appendingPathComponent(
            "tributary-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let base = server.baseURL.absoluteString
        let json = """
            {"sources": [
              {"id": "redirect", "type": "feed", "url": "\(base)/redirect"},
              {"id": "type", "type": "feed", "url": "\(base)/type"},
              {"id": "plugin", "type": "exec", "command": ["\(try plugin(in: folder).path)"]},
              {"id": "private", "type": "feed", "url": "http://reader:${FEED_PASS}@127.0.0.1:\(server.baseURL.port!)/feed.xml"}
            ]}
            """
        let file = folder.appendingPathComponent("feeds.json")
        try Data(json.utf8).write(to: file)
        return file
    }

    @Test func noEscapeSequenceOrPasswordReachesAnyOutput() async throws {
        let server = try await RawHTTPServer.start(Self.answer)
        defer { Task { await server.shutdown() } }
        let config = try Self.config(server: server)
        let folder = config.deletingLastPathComponent()
        let environment = ["FEED_PASS": "hunter2-s3cret"]
        var outputs: [String: String] = [:]
        for format in ["text", "json", "markdown"] {
            let result = try await TributaryBinary.run(
                [
                    "digest", "--config", config.path, "--format", format, "--record",
                    folder.appendingPathComponent("rec-\(format)").path,
                ],
                environment: environment
            )
            #expect(result.status == 2, "\(result.stderr)")
            outputs["digest \(format) stdout"] = result.stdout
            outputs["digest \(format) stderr"] = result.stderr
        }
        let report = folder.appendingPathComponent("r.html")
        let reported = try await TributaryBinary.run(
            ["report", "--config", config.path, "--out", report.path], environment: environment)
        outputs["report stderr"] = reported.stderr
        outputs["report"] = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
        for (name, output) in outputs {
            #expect(
                !output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{07}" },
                "an escape sequence in \(name)")
        }
        // Recordings keep upstream's headers as sent (JSON-escaped), but never a secret.
        for (name, output) in outputs.map({ ($0.key, $0.value) }) + (try Self.files(under: folder)) {
            #expect(!output.contains("hunter2-s3cret"), "the password in \(name)")
        }
        let text = outputs["digest text stdout"]!
        #expect(text.contains("refused a redirect to gopher://x/"), "\(text)")
        #expect(text.contains("reader:***@127.0.0.1"), "the URL is shown with its password hidden: \(text)")
        #expect(outputs["digest json stdout"]!.contains("reader:***@"))
        #expect(outputs["digest text stderr"]!.contains("published"), "the plugin's bad value is still named")
    }

    @Test func validateDoesNotEchoEscapeSequences() async throws {
        let config = try TributaryBinary.config(
            #"{"sources": [{"id": "x\u001b]52;c;cm0=\u0007", "type": "fe\u001b[2Jed"}]}"#)
        let result = try await TributaryBinary.run(["validate", "--config", config.path])
        #expect(result.status == 3)
        #expect(result.stderr.contains("may use only letters"), "\(result.stderr)")
        #expect(!result.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" }, "\(result.stderr)")
    }

    /// Every recorded or cached file's text, by name.
    static func files(under folder: URL) throws -> [(String, String)] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).compactMap { file in
            guard file.pathExtension != "" && file.lastPathComponent != "feeds.json" else { return nil }
            return (try? Data(contentsOf: file)).map { (file.lastPathComponent, String(decoding: $0, as: UTF8.self)) }
        }
    }
}
