import Foundation
import Testing
import TributaryTesting

/// What `import` leaves on the disk: a backup readable by the user alone, and, when it
/// cannot write, feeds.json as it was and the reason in plain words.
@Suite struct ImportWriteTests {
    static let config = #"{"sources": [{"id": "a", "type": "feed", "url": "https://a.example/feed.xml"}]}"#

    static func folder() throws -> URL {
        try ImportExportTests().folder(config: config, opml: OPMLFixtures.fiftyFeeds())
    }

    @Test func theBackupIsReadableByTheUserAloneUnderUmask022() async throws {
        let folder = try Self.folder()
        let imported = try await TributaryBinary.run(
            ["import", "--config", "feeds.json", "subscriptions.opml"], in: folder,
            through: ["/bin/sh", "-c", #"umask 022 && exec "$0" "$@""#])
        #expect(imported.status == 0, "\(imported.stderr)")
        let backup = folder.appendingPathComponent("feeds.json.bak").path
        let mode = try FileManager.default.attributesOfItem(atPath: backup)[.posixPermissions] as? Int
        #expect(mode == 0o600, "feeds.json.bak has mode \(String(mode ?? 0, radix: 8))")
    }

    @Test func aWriteThatFailsSaysWhyAndLeavesFeedsJSONAsItWas() async throws {
        let folder = try Self.folder()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("feeds.json.bak"), withIntermediateDirectories: false)
        let imported = try await TributaryBinary.run(
            ["import", "--config", "feeds.json", "subscriptions.opml"], in: folder)
        #expect(imported.status != 0)
        #expect(imported.stderr.contains("Is a directory"), "the system's reason: \(imported.stderr)")
        #expect(!imported.stderr.contains("could not be completed"), "\(imported.stderr)")
        let config = try String(contentsOf: folder.appendingPathComponent("feeds.json"), encoding: .utf8)
        #expect(config == Self.config)
    }
}
