import Foundation
import Testing
import Tributary

/// A source type with a `url` and a `command`, like `feed` and `exec`, for path tests.
struct PathOptionsSource: FeedSource {
    static let type = "paths"
    static let summary = "a source naming a file and a program"
    static let options = [
        OptionSpec("url", .url, "a URL or a path"),
        OptionSpec("command", .command, "a program"),
    ]

    init(entry: SourceEntry) throws {}

    func signal(in context: SourceContext) -> Signal<SourceUpdate> { .values([SourceUpdate(items: [])]) }
}

/// Paths in feeds.json start at the file's folder, not the working folder.
@Suite struct ConfigPathsTests {
    let folder = URL(fileURLWithPath: "/srv/tributary", isDirectory: true)
    let loader = ConfigLoader(
        registry: SourceRegistry([SourceType(PathOptionsSource.self)]),
        environment: ["HOME": "/home/reader", "FEEDS": "/var/feeds"])

    func entry(_ options: String) throws -> SourceEntry {
        let json = #"{"sources": [{"id": "a", "type": "paths", \#(options)}]}"#
        return try #require(try loader.load(Data(json.utf8), folder: folder).sources.first)
    }

    @Test(arguments: [
        ("feeds/local.xml", "file:///srv/tributary/feeds/local.xml"),
        ("./local.xml", "file:///srv/tributary/local.xml"),
        ("../shared/a%20b.xml", "file:///srv/shared/a%2520b.xml"),
        ("/var/feeds/x.xml", "file:///var/feeds/x.xml"),
        ("~/feeds/x.xml", "file:///home/reader/feeds/x.xml"),
        ("${FEEDS}/x.xml", "file:///var/feeds/x.xml"),
        ("feeds/with space.xml", "file:///srv/tributary/feeds/with%20space.xml"),
        ("https://example.org/feed.xml", "https://example.org/feed.xml"),
        ("file:///etc/feed.xml", "file:///etc/feed.xml"),
    ])
    func aURLWithoutASchemeIsAPathFromTheConfigFolder(written: String, read: String) throws {
        #expect(try entry(#""url": "\#(written)""#).string("url") == read)
    }

    @Test(arguments: [
        (#"["./bin/source", "--flag"]"#, ["/srv/tributary/bin/source", "--flag"]),
        (#"["bin/source"]"#, ["/srv/tributary/bin/source"]),
        (#"["~/bin/source"]"#, ["/home/reader/bin/source"]),
        (#"["/usr/local/bin/source", "./arg"]"#, ["/usr/local/bin/source", "./arg"]),
        (#"["python3", "script.py"]"#, ["python3", "script.py"]),
    ])
    func aCommandsProgramWithASlashIsAPathFromTheConfigFolder(written: String, run: [String]) throws {
        #expect(try entry(#""command": \#(written)"#).options["command"]?.stringList == run)
    }

    @Test func aURLWithAnUnknownSchemeIsStillRefused() {
        let json = #"{"sources": [{"id": "a", "type": "paths", "url": "ftp://example.org/feed.xml"}]}"#
        #expect(throws: TributaryError.self) { try loader.load(Data(json.utf8), folder: folder) }
    }
}
