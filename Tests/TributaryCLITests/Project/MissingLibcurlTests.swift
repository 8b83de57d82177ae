import Foundation
import Testing
import TributaryTesting

/// libcurl is opened on the first fetch, not linked: without it, a run that fetches over
/// HTTP stops with exit status 70 and names the package to install, and a run of local
/// files does not need it at all. The library is hidden from one run only, by a bind mount
/// of /dev/null over it in a mount namespace of that run's own (`unshare -m`), which takes
/// root: elsewhere the suite is skipped, and says why.
@Suite(.enabled(if: getuid() == 0 && LibcurlFile.path != nil, "hiding libcurl takes root and ldconfig"))
struct MissingLibcurlTests {
    @Test func aFetchOverHTTPExits70AndNamesThePackage() async throws {
        let config = try TributaryBinary.config(
            #"{"sources": [{"id": "web", "type": "feed", "url": "http://127.0.0.1:9/feed.xml"}]}"#)
        let result = try await Self.runWithoutLibcurl(["digest", "--config", config.path])
        #expect(result.status == 70)
        #expect(result.stderr.contains("tributary: cannot load libcurl ("), "\(result.stderr)")
        #expect(result.stderr.contains("install it (Debian: apt-get install libcurl4)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aDigestOfLocalFilesNeedsNoLibcurl() async throws {
        let feed = TributaryBinary.root.appendingPathComponent("Tests/TributaryFeedTests/Fixtures/corpus/ghost-rss.xml")
        let config = try TributaryBinary.config(
            #"{"sources": [{"id": "local", "type": "feed", "url": "\#(feed.absoluteString)"}]}"#)
        let result = try await Self.runWithoutLibcurl(["digest", "--config", config.path, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""source": "local""#), "\(result.stdout.prefix(300))")
        #expect(!result.stderr.contains("libcurl"))
    }

    /// Runs the binary with libcurl's file replaced by an empty one for this run only.
    static func runWithoutLibcurl(_ arguments: [String]) async throws -> TributaryBinary.Result {
        let library = try #require(LibcurlFile.path)
        let hiding = ["/usr/bin/unshare", "-m", "/bin/sh", "-c", #"mount --bind /dev/null "$0" && exec "$@""#, library]
        return try await TributaryBinary.run(arguments, through: hiding)
    }
}

/// The file the dynamic loader opens for libcurl.so.4, as `ldconfig -p` lists it.
enum LibcurlFile {
    static let path: String? = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/sbin/ldconfig")
        process.arguments = ["-p"]
        let out = Pipe()
        process.standardOutput = out
        guard (try? process.run()) != nil else { return nil }
        let listing = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let line = listing.split(separator: "\n").first { $0.contains("libcurl.so.4 (") }
        return line?.components(separatedBy: " => ").last.map {
            URL(fileURLWithPath: $0.trimmingCharacters(in: .whitespaces)).resolvingSymlinksInPath().path
        }
    }()
}
