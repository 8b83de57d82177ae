import Foundation
import Testing

/// `report --out`: through a symbolic link, keeping the file's mode, and to standard output.
@Suite struct ReportOutTests {
    static let replay = [
        "--replay", TributaryBinary.root.appendingPathComponent("Recordings").path,
        "--config", TributaryBinary.root.appendingPathComponent("feeds.json").path, "-q",
    ]

    func scratchFolder() throws -> URL {
        try TributaryBinary.config("{}").deletingLastPathComponent()
    }

    @Test func aSymbolicLinkStaysAndItsTargetIsReplaced() async throws {
        let folder = try scratchFolder()
        let reports = folder.appendingPathComponent("reports")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        let target = reports.appendingPathComponent("today.html")
        try Data("old report".utf8).write(to: target)
        let link = folder.appendingPathComponent("digest.html")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "reports/today.html")

        let result = try await TributaryBinary.run(["report", "--out", "digest.html"] + Self.replay, in: folder)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "reports/today.html")
        #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: reports.path) == ["today.html"],
            "no temporary file left")
    }

    @Test func aPrivateReportStaysPrivate() async throws {
        let folder = try scratchFolder()
        let report = folder.appendingPathComponent("digest.html")
        try Data("old report".utf8).write(to: report)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: report.path)

        let result = try await TributaryBinary.run(["report"] + Self.replay, in: folder)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(try String(contentsOf: report, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        let mode = try FileManager.default.attributesOfItem(atPath: report.path)[.posixPermissions] as? Int
        #expect(mode == 0o600, "mode \(String(mode ?? 0, radix: 8))")
    }

    @Test(arguments: ["-", "/dev/stdout"])
    func theReportGoesToStandardOutput(out: String) async throws {
        let folder = try scratchFolder()
        let result = try await TributaryBinary.run(["report", "--out", out] + Self.replay, in: folder)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.hasPrefix("<!DOCTYPE html>") && result.stdout.hasSuffix("</html>\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["feeds.json"], "no file written")
    }

    @Test func openNeedsAFile() async throws {
        let result = try await TributaryBinary.run(
            ["report", "--out", "-", "--open"] + Self.replay, in: try scratchFolder())
        #expect(result.status == 64)
        #expect(result.stderr.contains("--open needs --out to name a file"))
    }
}
