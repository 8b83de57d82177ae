import Foundation
import Testing

/// `tributary import FILE.opml` and `tributary export`: OPML in and out, with folders as tags.
@Suite struct ImportExportTests {
    /// A fresh folder with `feeds.json` (when `config` is given) and `subscriptions.opml`.
    func folder(config: String?, opml: String) throws -> URL {
        let folder = try TributaryBinary.config("{}").deletingLastPathComponent()
        let file = folder.appendingPathComponent("feeds.json")
        if let config { try Data(config.utf8).write(to: file) } else { try FileManager.default.removeItem(at: file) }
        try Data(opml.utf8).write(to: folder.appendingPathComponent("subscriptions.opml"))
        return folder
    }

    @Test func fiftyFeedsRoundTripWithTheirFolders() async throws {
        let opml = OPMLFixtures.fiftyFeeds()
        let folder = try folder(config: nil, opml: opml)
        let imported = try await TributaryBinary.run(
            ["import", "--config", "feeds.json", "subscriptions.opml"], in: folder)
        #expect(imported.status == 0, "stderr: \(imported.stderr)")
        #expect(imported.stdout.contains("feeds.json: added 50 feeds, skipped 0 already present"))
        #expect(imported.stdout.contains("added feed-26: https://site26.example/feed.xml?a=1&b=2 [Tech, Linux & BSD]"))

        let validated = try await TributaryBinary.run(["validate"], in: folder)
        #expect(validated.status == 0, "stderr: \(validated.stderr)")
        #expect(validated.stdout.contains("valid (50 sources)"))

        let exported = try await TributaryBinary.run(["export"], in: folder)
        #expect(exported.status == 0, "stderr: \(exported.stderr)")
        let before = OPMLFixtures.feeds(in: Data(opml.utf8))
        #expect(before.count == 50)
        #expect(OPMLFixtures.feeds(in: Data(exported.stdout.utf8)) == before)
        #expect(exported.stdout.contains(#"htmlUrl="https://site3.example/""#), "htmlUrl is kept")
    }

    @Test func withNoConfigAnywhereImportWritesWhereInitWould() async throws {
        let folder = try folder(config: nil, opml: OPMLFixtures.fiftyFeeds())
        let home = folder.appendingPathComponent("xdg")
        let result = try await TributaryBinary.run(
            ["import", "subscriptions.opml"], environment: ["XDG_CONFIG_HOME": home.path], in: folder)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let written = home.appendingPathComponent("tributary/feeds.json")
        #expect(result.stdout.contains("\(written.path): added 50 feeds"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("feeds.json").path))
    }

    @Test func importingAgainAddsNothingAndWritesNothing() async throws {
        let folder = try folder(config: nil, opml: OPMLFixtures.fiftyFeeds())
        _ = try await TributaryBinary.run(["import", "--config", "feeds.json", "subscriptions.opml"], in: folder)
        let config = folder.appendingPathComponent("feeds.json")
        let first = try Data(contentsOf: config)
        let again = try await TributaryBinary.run(
            ["import", "--config", "feeds.json", "subscriptions.opml"], in: folder)
        #expect(again.status == 0, "stderr: \(again.stderr)")
        #expect(again.stdout.contains("added 0 feeds, skipped 50 already present"))
        #expect(
            again.stdout.contains("skipped https://site7.example/feed.xml?a=1&b=2: already in feeds.json as feed-7"))
        #expect(try Data(contentsOf: config) == first)
    }

    static let commentedConfig = """
        // My feeds: hand-written, keep these notes.
        {
          "title": "Reading",
          "sources": [
            /* the one I read first */
            {"id": "first", "type": "feed", "url": "https://first.example/feed.xml"},
            {"id": "second", "type": "feed", "url": "https://site1.example/feed.xml?a=1&b=2"}, // old
          ],
        }

        """

    @Test func commentsTrailingCommasAndOrderStayAndABackupIsKept() async throws {
        let opml = """
            <opml version="2.0"><body>
              <outline text="Site 1" xmlUrl="https://site1.example/feed.xml?a=1&amp;b=2"/>
              <outline text="Blogs"><outline text="Zed's blog" xmlUrl="https://zed.example/atom.xml"/></outline>
              <outline text="Zed again" xmlUrl="https://zed.example/atom.xml"/>
            </body></opml>
            """
        let folder = try folder(config: Self.commentedConfig, opml: opml)
        let result = try await TributaryBinary.run(
            ["import", "--config", "feeds.json", "subscriptions.opml"], in: folder)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(
            result.stdout.contains("skipped https://site1.example/feed.xml?a=1&b=2: already in feeds.json as second"))
        #expect(result.stdout.contains("added zed-s-blog: https://zed.example/atom.xml [Blogs]"))
        let twice = "skipped https://zed.example/atom.xml: listed more than once; added once, as zed-s-blog"
        #expect(result.stdout.contains(twice))
        let text = try String(contentsOf: folder.appendingPathComponent("feeds.json"), encoding: .utf8)
        let expectedEnd = """
                {"id": "second", "type": "feed", "url": "https://site1.example/feed.xml?a=1&b=2"}, // old
                {
                  "id": "zed-s-blog",
                  "type": "feed",
                  "title": "Zed's blog",
                  "url": "https://zed.example/atom.xml",
                  "tags": ["Blogs"]
                },
              ],
            }

            """
        #expect(text.hasPrefix(String(Self.commentedConfig.prefix(while: { $0 != "}" }))))
        #expect(text.hasSuffix(expectedEnd), "got:\n\(text)")
        let backup = try String(contentsOf: folder.appendingPathComponent("feeds.json.bak"), encoding: .utf8)
        #expect(backup == Self.commentedConfig)
        let validated = try await TributaryBinary.run(["validate"], in: folder)
        #expect(validated.stdout.contains("valid (3 sources)"), "stderr: \(validated.stderr)")
    }

    @Test func dryRunPrintsTheChangeAndWritesNothing() async throws {
        let folder = try folder(config: Self.commentedConfig, opml: OPMLFixtures.fiftyFeeds())
        let result = try await TributaryBinary.run(
            ["import", "--config", "feeds.json", "--dry-run", "subscriptions.opml"], in: folder)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("would add feed-2: https://site2.example/feed.xml?a=1&b=2"))
        #expect(result.stdout.contains("feeds.json: would add 49 feeds, skipped 1 already present"))
        let text = try String(contentsOf: folder.appendingPathComponent("feeds.json"), encoding: .utf8)
        #expect(text == Self.commentedConfig)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("feeds.json.bak").path))
    }

    @Test(arguments: [
        ("this is not XML <", "subscriptions.opml is not well-formed XML (line 1, column"),
        (
            "<opml version=\"2.0\"><head/></opml>",
            """
            subscriptions.opml is not a usable OPML subscription list: \
            there is no <body> holding the outlines; nothing was imported
            """
        ),
        ("<rss><channel/></rss>", "the root element is not <opml>"),
        (
            "<opml version=\"2.0\"><body>\n<outline text=\"A\" xmlUrl=\"https://a.example/feed\"/>\n"
                + "<outline text=\"B\" xmlU",
            "subscriptions.opml is not well-formed XML (line 3, column 23); nothing was imported"
        ),
        (
            "<opml version=\"2.0\"><body>\n<outline text=\"A\" xmlUrl=\"https://a.example/feed\"/>\n"
                + "</body></opml>\ngarbage <outline text=\"B\" xmlUrl=\"https://b.example/feed\"/>",
            "subscriptions.opml is not well-formed XML (line 4, column 1); nothing was imported"
        ),
        (
            "<opml version=\"2.0\"><body>\n<outline text=\"A\" xmlUrl=\"https://a.example/feed\"/>\n",
            "subscriptions.opml is not well-formed XML (line 3, column 1); nothing was imported"
        ),
    ])
    func badOPMLIsRefusedAndNothingIsWritten(opml: String, message: String) async throws {
        let folder = try folder(config: Self.commentedConfig, opml: opml)
        let result = try await TributaryBinary.run(
            ["import", "--config", "feeds.json", "subscriptions.opml"], in: folder)
        #expect(result.status == 3)
        #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
        let text = try String(contentsOf: folder.appendingPathComponent("feeds.json"), encoding: .utf8)
        #expect(text == Self.commentedConfig)
    }

    @Test(arguments: [
        (OPMLFixtures.newsboat, 2, "skipped 1 outline that is not a feed (an empty folder or a setting): line 9"),
        (OPMLFixtures.rssOwl, 2, "skipped 2 outlines that are not feeds (empty folders or settings): lines 12, 13"),
        (
            OPMLFixtures.tinyTinyRSS, 2,
            "skipped 3 outlines that are not feeds (empty folders or settings): lines 12, 13, 14"
        ),
    ])
    func aReadersExportImportsItsFeedsAndNamesTheOutlinesThatAreNot(opml: String, feeds: Int, skipped: String)
        async throws
    {
        let folder = try folder(config: nil, opml: opml)
        let imported = try await TributaryBinary.run(
            ["import", "--config", "feeds.json", "subscriptions.opml"], in: folder)
        #expect(imported.status == 0, "stderr: \(imported.stderr)")
        #expect(imported.stdout.contains(skipped), "stdout: \(imported.stdout)")
        #expect(imported.stdout.contains("feeds.json: added \(feeds) feeds, skipped 0 already present"))
        let validated = try await TributaryBinary.run(["validate"], in: folder)
        #expect(validated.stdout.contains("valid (\(feeds) sources)"), "stderr: \(validated.stderr)")
    }

    @Test func outlinesWhoseAddressIsNoWebFeedAreRefusedOneByOneAndTheRestImported() async throws {
        let opml = """
            <opml version="2.0"><body>
            <outline text="Passwords" xmlUrl="/etc/passwd"/>
            <outline text="Key" xmlUrl="~/.ssh/id_rsa"/>
            <outline text="Netrc" xmlUrl="file:///home/ada/.netrc"/>
            <outline text="Spaced" xmlUrl="http://host.example/a b"/>
            <outline text="Two lines" xmlUrl="https://host.example/feed&#10;X-Injected: 1"/>
            <outline text="Good" xmlUrl="https://good.example/feed.xml"/>
            </body></opml>
            """
        let folder = try folder(config: nil, opml: opml)
        let imported = try await TributaryBinary.run(
            ["import", "--config", "feeds.json", "subscriptions.opml"], in: folder)
        #expect(imported.status == 0, "stderr: \(imported.stderr)")
        let lines = imported.stdout.split(separator: "\n").map(String.init)
        let notWeb = "is not an http:// or https:// address; only http(s) feed addresses are imported"
        let spaced = "holds a space or a control character (a space is written %20)"
        for expected in [
            #"refused the outline on line 2: "/etc/passwd" \#(notWeb)"#,
            #"refused the outline on line 3: "~/.ssh/id_rsa" \#(notWeb)"#,
            #"refused the outline on line 4: "file:///home/ada/.netrc" \#(notWeb)"#,
            #"refused the outline on line 5: "http://host.example/a b" \#(spaced)"#,
            #"refused the outline on line 6: "https://host.example/feed X-Injected: 1" \#(spaced)"#,
        ] {
            #expect(lines.contains { $0.hasPrefix(expected) }, "missing \(expected) in:\n\(imported.stdout)")
        }
        #expect(imported.stdout.contains("added good: https://good.example/feed.xml"))
        #expect(imported.stdout.contains("feeds.json: added 1 feed, skipped 0 already present, refused 5 not http(s)"))
        let written = try String(contentsOf: folder.appendingPathComponent("feeds.json"), encoding: .utf8)
        for kept in ["passwd", "id_rsa", "netrc", "host.example"] { #expect(!written.contains(kept)) }
        #expect(try await TributaryBinary.run(["validate"], in: folder).status == 0)
    }

    @Test func aFeedWhoseAddressHoldsAPasswordIsSkippedWithoutShowingIt() async throws {
        let opml = """
            <opml version="2.0"><body>
            <outline type="rss" text="Private" xmlUrl="https://ada:hunter2-literal@private.example/feed.xml"/>
            <outline type="rss" text="Public" xmlUrl="https://public.example/feed.xml"/>
            </body></opml>
            """
        let folder = try folder(config: nil, opml: opml)
        let imported = try await TributaryBinary.run(
            ["import", "--config", "feeds.json", "subscriptions.opml"], in: folder)
        #expect(imported.status == 0, "stderr: \(imported.stderr)")
        #expect(imported.stdout.contains("added public: https://public.example/feed.xml"), "\(imported.stdout)")
        #expect(
            imported.stdout.contains("skipped https://ada:***@private.example/feed.xml: its address holds a password"))
        #expect(imported.stdout.contains("added 1 feed, skipped 0 already present, 1 holding a password"))
        let written = try String(contentsOf: folder.appendingPathComponent("feeds.json"), encoding: .utf8)
        #expect(!(imported.stdout + imported.stderr + written).contains("hunter2"))
        #expect(try await TributaryBinary.run(["validate"], in: folder).status == 0)
    }

    @Test func anInvalidConfigIsLeftAlone() async throws {
        let broken = #"{"sources": [{"id": "a", "type": "feed", "url": "https://a.example/", "tgas": []}]}"#
        let folder = try folder(config: broken, opml: OPMLFixtures.fiftyFeeds())
        let result = try await TributaryBinary.run(
            ["import", "--config", "feeds.json", "subscriptions.opml"], in: folder)
        #expect(result.status == 3)
        #expect(
            result.stderr.contains("feeds.json is not valid; fix it first (`tributary validate`); nothing was changed"))
        #expect(result.stderr.contains("sources[0].tgas: unknown key; did you mean \"tags\"?"))
        #expect(try String(contentsOf: folder.appendingPathComponent("feeds.json"), encoding: .utf8) == broken)
    }

    @Test func exportWritesVariablesAsWrittenAndToAFile() async throws {
        let config = """
            {"sources": [
              {"id": "private", "type": "feed", "title": "Private", "url": "https://x.example/feed?token=${FEED_TOKEN}",
               "tags": ["Work"]},
              {"id": "hn", "type": "hackernews"}
            ]}
            """
        let folder = try folder(config: config, opml: "")
        let result = try await TributaryBinary.run(
            ["export", "--out", "out.opml"], environment: ["FEED_TOKEN": "s3cret"], in: folder)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let opml = try String(contentsOf: folder.appendingPathComponent("out.opml"), encoding: .utf8)
        #expect(opml.contains(#"xmlUrl="https://x.example/feed?token=${FEED_TOKEN}""#))
        #expect(!opml.contains("s3cret"))
        #expect(opml.contains(#"<outline text="Work" title="Work">"#))
        #expect(OPMLFixtures.feeds(in: Data(opml.utf8)).count == 1)
    }

    @Test func exportListsTheFlickrPublicFeedButNotAKeyedSearch() async throws {
        let config = """
            {"sources": [
              {"id": "sunsets", "type": "flickr", "title": "Sunsets", "mode": "public", "tags": ["sunset", "sea"]},
              {"id": "search", "type": "flickr", "mode": "search", "text": "owls", "apiKey": "${FLICKR_API_KEY}"}
            ]}
            """
        let folder = try folder(config: config, opml: "")
        let result = try await TributaryBinary.run(["export"], environment: ["FLICKR_API_KEY": "k3y"], in: folder)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let url = "https://api.flickr.com/services/feeds/photos_public.gne?tags=sunset,sea&amp;tagmode=all"
        #expect(result.stdout.contains(#"<outline type="rss" text="Sunsets" title="Sunsets" xmlUrl="\#(url)"/>"#))
        #expect(OPMLFixtures.feeds(in: Data(result.stdout.utf8)).count == 1)
        #expect(!result.stdout.contains("k3y"))
    }

    @Test func exportServeWritesEveryEntryAsTheFeedServeMakesOfIt() async throws {
        let config = """
            {"sources": [
              {"id": "so-swift", "type": "stackoverflow", "title": "Swift questions", "tags": ["swift"]},
              {"id": "search", "type": "flickr", "mode": "search", "text": "owls", "apiKey": "${FLICKR_API_KEY}"},
              {"id": "off", "type": "hackernews", "enabled": false}
            ]}
            """
        let folder = try folder(config: config, opml: "")
        let result = try await TributaryBinary.run(
            ["export", "--serve", "http://127.0.0.1:8080/"], environment: ["FLICKR_API_KEY": "k3y"], in: folder)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let feeds = OPMLFixtures.feeds(in: Data(result.stdout.utf8))
        #expect(feeds.count == 2, "the disabled entry is left out: \(result.stdout)")
        #expect(result.stdout.contains(#"xmlUrl="http://127.0.0.1:8080/feeds/so-swift.atom""#))
        #expect(result.stdout.contains(#"xmlUrl="http://127.0.0.1:8080/feeds/search.atom""#))
        #expect(!result.stdout.contains("k3y"))
        let wrong = try await TributaryBinary.run(["export", "--serve", "127.0.0.1:8080"], in: folder)
        #expect(wrong.status == 64 && wrong.stderr.contains("--serve"))
    }

    @Test func exportListsMastodonTagAndAccountFeedsButNotFilteredTimelines() async throws {
        let config = """
            {"sources": [
              {"id": "swift", "type": "mastodon", "instance": "mastodon.social", "hashtag": "swiftlang"},
              {"id": "ada", "type": "mastodon", "instance": "mastodon.social", "mode": "account",
               "account": "ada@hachyderm.io"},
              {"id": "filtered", "type": "mastodon", "instance": "mastodon.social", "hashtag": "swift",
               "none": ["nsfw"]},
              {"id": "everyone", "type": "mastodon", "instance": "mastodon.social", "mode": "public"}
            ]}
            """
        let result = try await TributaryBinary.run(["export"], in: try folder(config: config, opml: ""))
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let urls = Set(OPMLFixtures.feeds(in: Data(result.stdout.utf8)).map(\.url))
        #expect(urls == ["https://mastodon.social/tags/swiftlang.rss", "https://hachyderm.io/@ada.rss"])
    }
}
