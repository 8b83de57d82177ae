import Foundation
import Testing
import TributaryTesting

/// `--format`'s values come from the one list of output formats: the help of `digest` and
/// `watch` lists them, a name not in it is refused naming them, and `watch` piped writes
/// each item in its format's line form.
@Suite struct OutputFormatHelpTests {
    /// The help as one line, however argument-parser wrapped it.
    static func flattened(_ help: String) -> String {
        help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func digestsHelpListsEveryFormat() async throws {
        let result = try await TributaryBinary.run(["digest", "--help"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            Self.flattened(result.stdout).contains(
                "(values: text, json, markdown, atom, rss, jsonfeed; default: text)"),
            "\(result.stdout)")
    }

    @Test func watchsHelpListsTheFormatsThatWriteLines() async throws {
        let result = try await TributaryBinary.run(["watch", "--help"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            Self.flattened(result.stdout).contains("(values: text, json, markdown; default: text)"), "\(result.stdout)")
    }

    @Test func aFormatNotInTheListIsRefusedNamingTheOnesThatAre() async throws {
        let digest = try await TributaryBinary.run(["digest", "--format", "yaml"])
        #expect(digest.status == 64, "\(digest.stderr)")
        #expect(digest.stderr.contains("'yaml' is invalid"), "\(digest.stderr)")
        #expect(digest.stderr.contains("- atom\n") && digest.stderr.contains("- jsonfeed"), "\(digest.stderr)")
        let watch = try await TributaryBinary.run(["watch", "--format", "atom"])
        #expect(watch.status == 64, "a feed is a whole document, not lines: \(watch.stderr)")
        #expect(watch.stderr.contains("'text', 'json' or 'markdown'"), "\(watch.stderr)")
    }

    @Test(arguments: [
        ("markdown", "- **[Post 1](<https://example.org/1>)** — "),
        ("text", "g · Post 1 · https://example.org/1"),
    ])
    func watchPipedWritesEachItemAsItsFormatsLine(format: String, expected: String) async throws {
        let (_, server, config, _) = try await StateRunTests.setUp()
        defer { Task { await server.shutdown() } }
        let watch = try TributaryBinary.start([
            "watch", "--config", config.path, "--no-cache", "--no-state", "--format", format,
        ])
        let output = OutputLines(watch.out)
        let arrived = try await output.wait(upTo: .seconds(30)) { $0.count == 3 }
        watch.send(SIGTERM)
        _ = try await watch.finish()
        #expect(arrived, "three items: \(output.all)")
        #expect(output.all.contains { $0.hasPrefix(expected) }, "\(output.all)")
    }
}
