import Foundation
import Testing
import Tributary
import TributaryTesting

/// Every source as a feed: `serve`'s `/feeds/{source}.atom|.rss|.json` and `/feeds/all.*`,
/// valid, cheap to poll (ETag, Last-Modified, 304), and readable by Tributary's own `feed` source.
@Suite(.serialized) struct BridgeFeedTests {
    static func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    /// Runs xmllint on `document`; returns its exit status and messages.
    static func xmllint(_ document: Data) async throws -> (status: Int32, output: String) {
        let file = Scratch.folder.appendingPathComponent("bridge-\(UUID().uuidString).xml")
        try document.write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xmllint")
        process.arguments = ["--noout", "--nonet", file.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        return try await offPool {
            let output = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: output, as: UTF8.self))
        }
    }

    @Test func aStackOverflowSourceAsAFeedValidatesAndReadsBackInTheFeedSource() async throws {
        let scratch = Scratch.folder.appendingPathComponent("bridge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let serve = try await ServeHarness.start(
            config: TributaryBinary.root.appendingPathComponent("feeds.json"),
            extra: ["--replay", TributaryBinary.root.appendingPathComponent("Recordings").path],
            state: scratch.appendingPathComponent("state.sqlite").path)
        #expect(serve.errors.all.contains { $0.contains("/feeds/{source}.atom") }, "serve says where the feeds are")
        var questions: [String] = []
        let arrived = try await TestProgram.poll {
            let items = ServeArchiveTests.items(try await serve.send("/api/digest"))
            questions = items.filter { $0["source"] as? String == "so-swift" }.compactMap { $0["title"] as? String }
            return !questions.isEmpty
        }
        #expect(arrived, "the recorded Stack Overflow questions arrive")

        let atom = try await serve.send("/feeds/so-swift.atom")
        #expect(atom.status == 200 && atom.headers["content-type"] == "application/atom+xml")
        let lint = try await Self.xmllint(atom.body)
        #expect(lint.status == 0, "xmllint: \(lint.output)")
        for format in ["rss", "json"] {
            #expect(try await serve.send("/feeds/so-swift.\(format)").status == 200)
        }
        #expect(try await Self.xmllint(try await serve.send("/feeds/all.rss").body).status == 0)

        let back = try TributaryBinary.config(
            #"{"sources": [{"id": "back", "type": "feed", "url": "\#(serve.base.absoluteString)feeds/so-swift.atom"}]}"#
        )
        let read = try await TributaryBinary.run(["digest", "--config", back.path, "--no-state", "--format", "json"])
        #expect(read.status == 0, "\(read.stderr)")
        let titles = try ArchiveRunTests.items(read.stdout).compactMap { $0["title"] as? String }
        #expect(Set(titles) == Set(questions), "the feed source reads back every question")
        _ = try await serve.stop()
    }

    @Test func aReaderThatPollsGetsNotModifiedUntilTheFeedChanges() async throws {
        let fixture = try await SyncFixture.start(syncUser: nil)
        try await fixture.refresh()
        let first = try await fixture.serve.send("/feeds/w.atom")
        #expect(first.status == 200)
        #expect(Self.text(first).contains("Post 5") && !Self.text(first).contains("Static one"))
        let tag = try #require(first.headers["etag"])
        let modified = try #require(first.headers["last-modified"])
        #expect(modified == "Mon, 02 Nov 2026 05:00:00 GMT", "the newest item's date")
        #expect(try await fixture.serve.send("/feeds/w.atom", headers: ["If-None-Match": tag]).status == 304)
        #expect(try await fixture.serve.send("/feeds/w.atom", headers: ["If-Modified-Since": modified]).status == 304)
        let all = try await fixture.serve.send("/feeds/all.json")
        #expect(all.status == 200 && Self.text(all).contains("Static one") && Self.text(all).contains("Post 5"))
        #expect(try await fixture.serve.send("/feeds/nope.atom").status == 404)
        #expect(try await fixture.serve.send("/feeds/w.txt").status == 404)

        fixture.feed.grow(by: 1)
        try await fixture.refresh()
        let changed = try await fixture.serve.send("/feeds/w.atom", headers: ["If-None-Match": tag])
        #expect(changed.status == 200 && Self.text(changed).contains("Post 6"), "a new post changes the feed")
        #expect(changed.headers["etag"] != tag)
        try await fixture.stop()
    }
}
