import Foundation
import Testing
import TributaryTesting

/// An entry's `refresh` below its minimum (1m for network hosts, 1s for `file://` and
/// loopback URLs) is a configuration error when feeds.json is read: every command that
/// reads it refuses the entry the same way, naming the field and the minimum.
@Suite struct RefreshMinimumTests {
    /// A feeds.json in a fresh folder, with a local feed file beside it.
    func config(_ sources: String) throws -> URL {
        let folder = Scratch.folder.appendingPathComponent("tributary-refresh-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(ConfigLookupTests.rss("Local").utf8).write(to: folder.appendingPathComponent("local.xml"))
        let file = folder.appendingPathComponent("feeds.json")
        try Data(#"{"sources": [\#(sources)]}"#.utf8).write(to: file)
        return file
    }

    @Test func validateNamesTheFieldAndTheMinimumForEachEntry() async throws {
        let file = try config(
            #"""
            {"id": "net", "type": "feed", "url": "https://example.org/feed.xml", "refresh": "30s"},
            {"id": "here", "type": "feed", "url": "local.xml", "refresh": "500ms"},
            {"id": "fine", "type": "feed", "url": "https://example.org/other.xml", "refresh": "1m"}
            """#)
        let result = try await TributaryBinary.run(["validate", "--config", file.path])
        #expect(result.status == 3, "\(result.stdout)")
        #expect(
            result.stderr == """
                \(file.path): invalid:
                sources[0].refresh: "30s" is below the minimum of "1m" for network hosts
                sources[1].refresh: "500ms" is below the minimum of "1s" for file:// and loopback URLs

                """)
        #expect(result.stdout.isEmpty)
    }

    @Test func digestWatchAndValidateRefuseTheEntryAlike() async throws {
        let file = try config(#"{"id": "here", "type": "feed", "url": "local.xml", "refresh": "0.5s"}"#)
        var errors: [String] = []
        for command in [["validate"], ["digest", "--no-state"], ["watch", "--no-state"]] {
            let result = try await TributaryBinary.run(command + ["--config", file.path])
            #expect(result.status == 3, "\(command): \(result.stdout)")
            #expect(result.stdout.isEmpty, "\(command)")
            errors.append(result.stderr.split(separator: "\n").dropFirst().joined(separator: "\n"))
        }
        // The first line names the file (validate) or says "invalid configuration"; the problems are the same.
        #expect(errors.allSatisfy { $0 == errors[0] }, "\(errors)")
        #expect(
            errors[0] == #"sources[0].refresh: "500ms" is below the minimum of "1s" for file:// and loopback URLs"#)
    }
}
