import Foundation
import Testing

/// `tributary report` as a user runs it: the shipped digest, the file it writes, exit codes.
@Suite struct ReportCommandTests {
    /// Runs the binary off the cooperative pool, so other tests' servers keep answering.
    func binary(_ arguments: [String], environment: [String: String] = [:], in directory: URL = TributaryBinary.root)
        async throws -> TributaryBinary.Result
    {
        try await TributaryBinary.run(arguments, environment: environment, in: directory)
    }

    func scratchFolder() throws -> URL {
        try TributaryBinary.config("{}").deletingLastPathComponent()
    }

    @Test func theShippedDigestsReportIsOneSmallSelfContainedPage() async throws {
        let folder = try scratchFolder()
        let config = TributaryBinary.root.appendingPathComponent("feeds.json").path
        let result = try await binary(
            ["report", "--config", config, "--replay", TributaryBinary.root.appendingPathComponent("Recordings").path],
            in: folder)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.isEmpty)
        let html = try String(contentsOf: folder.appendingPathComponent("digest.html"), encoding: .utf8)
        // The replayed run embeds its recorded pictures; the page around them stays small.
        let pictures = try NSRegularExpression(pattern: #"data:image/[a-z]+;base64,[A-Za-z0-9+/=]+"#)
        let page = pictures.stringByReplacingMatches(
            in: html, range: NSRange(html.startIndex..., in: html), withTemplate: "data:")
        #expect(page.utf8.count < 200_000, "the report is \(page.utf8.count) bytes without its pictures")
        #expect(html.utf8.count - page.utf8.count < 200_000, "the pictures take \(html.utf8.count - page.utf8.count)")
        #expect(html.contains("Content-Security-Policy"))
        #expect(!html.contains("<link") && !html.contains("<script src"), "no external stylesheets or scripts")
        #expect(html.contains(#"data-toggle="so-swift""#) && html.contains(#"data-toggle="so-mobile""#))
    }

    @Test func aFailedSourceGivesTheDigestExitCodeAndTheReportIsStillWritten() async throws {
        let folder = try scratchFolder()
        let config = try TributaryBinary.config(
            #"{"sources": [{"id": "down", "type": "stackoverflow", "baseURL": "http://127.0.0.1:9"}]}"#)
        let out = folder.appendingPathComponent("out.html")
        let result = try await binary(["report", "--config", config.path, "--out", out.path, "-q"])
        #expect(result.status == 2)
        let html = try String(contentsOf: out, encoding: .utf8)
        #expect(html.contains("cannot connect to 127.0.0.1:9"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty, "no temporary files are left behind")
    }

    @Test func anInvalidConfigurationKeepsTheOldReport() async throws {
        let config = try TributaryBinary.config(
            #"{"sources": [{"id": "so", "type": "stackoverflow", "tgas": ["swift"]}]}"#)
        let out = config.deletingLastPathComponent().appendingPathComponent("digest.html")
        try Data("old report".utf8).write(to: out)
        let result = try await binary(["report", "--config", config.path, "-o", out.path])
        #expect(result.status == 3)
        #expect(try String(contentsOf: out, encoding: .utf8) == "old report")
    }

    @Test func aUserTemplateIsUsedAndABrokenOneIsAnArgumentError() async throws {
        let folder = try scratchFolder()
        let template = folder.appendingPathComponent("mine.mustache")
        try Data("<h1>{{title}}</h1>{{#timeline}}<p>{{title}}</p>{{/timeline}}".utf8).write(to: template)
        let replay = [
            "--replay", TributaryBinary.root.appendingPathComponent("Recordings").path, "--config",
            TributaryBinary.root.appendingPathComponent("feeds.json").path,
        ]
        let result = try await binary(
            ["report", "--template", template.path, "--out", "mine.html", "-q"] + replay, in: folder)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(
            try String(contentsOf: folder.appendingPathComponent("mine.html"), encoding: .utf8).hasPrefix(
                "<h1>Morning digest</h1><p>"))
        try Data("{{#unclosed}}".utf8).write(to: template)
        let broken = try await binary(["report", "--template", template.path] + replay, in: folder)
        #expect(broken.status == 64)
        #expect(broken.stderr.contains("--template \(template.path): line 1"), "\(broken.stderr)")
        #expect(!broken.stderr.contains("Usage: tributary <subcommand>"), "not the usage of another command")
    }

    @Test func openWithoutXdgOpenPrintsThePath() async throws {
        let folder = try scratchFolder()
        let replay = [
            "--replay", TributaryBinary.root.appendingPathComponent("Recordings").path, "--config",
            TributaryBinary.root.appendingPathComponent("feeds.json").path,
        ]
        let result = try await binary(
            ["report", "--open", "-q"] + replay, environment: ["PATH": folder.path], in: folder)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("digest.html"))
    }
}
