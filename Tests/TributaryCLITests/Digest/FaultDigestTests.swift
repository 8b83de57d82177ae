import Foundation
import Testing
import TributaryTesting

/// One digest of healthy sources and one source per way a server can fail, through
/// the real binary: the healthy items render, each broken source fails alone with a
/// status that names its fault, and the run ends. The deadline is generous because the
/// whole suite shares two cores; the fault benchmark, `Benchmarks/faults.sh`, measures
/// how fast (a 2 s deadline) and in how much memory.
@Suite struct FaultDigestTests {
    /// A Stack Exchange answer with one question of its own.
    static func healthy(_ id: Int) -> Data {
        Data(
            (#"{"items": [{"question_id": \#(id), "title": "Healthy \#(id)", "link": "#
                + #""https://stackoverflow.com/q/\#(id)", "creation_date": 1795300000}]}"#)
                .utf8)
    }

    static let dtdBomb = Data(
        """
        <?xml version="1.0"?>
        <!DOCTYPE rss [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
        <rss version="2.0"><channel><title>bomb</title><item><title>&lol2;</title></item></channel></rss>
        """.utf8)

    /// 4 MB of spaces, gzipped once (to 4 KB) rather than per request.
    static let bomb = TestCompression.gzip(Data(repeating: 0x20, count: 4 << 20))

    /// Each fault mode's path and the words its source's status must contain.
    static let faults: [(mode: String, status: String)] = [
        ("slow", "timed out after 1"),  // its own 1 s deadline (1.5 s for the source): no answer comes
        ("error500", "HTTP 500"),
        ("limited", "(HTTP 429) until"),
        ("truncated", "truncated after 100 of 10000 bytes"),
        ("html", "not its JSON (text/html)"),
        ("invalid-json", "not its JSON (application/json)"),
        ("invalid-utf8", "invalid UTF-8 at byte 10"),
        ("bomb", "inflates past the 1 MB cap"),
        ("endless", "larger than 1 MB cap"),
        ("loop", "more than 5 redirects"),
        ("file-redirect", "refused a redirect to file:///etc/passwd"),
        ("dtd-bomb", "entity-expansion bomb"),
    ]

    static func answer(_ request: ServedRequest) -> ServedResponse {
        let mode = request.path.split(separator: "/").first.map(String.init) ?? ""
        let json = "application/json"
        switch mode {
        case "slow": return ServedResponse(body: healthy(0), delay: .seconds(60))
        case "error500": return .text("down", status: 500)
        case "limited": return ServedResponse(status: 429, headers: ["Retry-After": "3600"])
        case "truncated":
            return ServedResponse(
                headers: ["Content-Type": json], body: Data(repeating: 0x20, count: 10_000),
                ending: .truncated(afterBytes: 100))
        case "html": return .body(Data("<!DOCTYPE html><title>Just a moment</title>".utf8), contentType: "text/html")
        case "invalid-json": return .body(Data(#"{"items": [{"#.utf8), contentType: json)
        case "invalid-utf8": return .body(Data(#"{"items": "#.utf8) + Data([0xFF, 0x7D]), contentType: json)
        case "bomb": return ServedResponse(headers: ["Content-Type": json, "Content-Encoding": "gzip"], body: bomb)
        case "endless": return ServedResponse(headers: ["Content-Type": json], ending: .endless)
        case "loop": return ServedResponse(status: 302, headers: ["Location": "/loop/again"])
        case "file-redirect": return ServedResponse(status: 302, headers: ["Location": "file:///etc/passwd"])
        case "dtd-bomb": return .body(dtdBomb, contentType: "application/rss+xml")
        default: return .body(healthy(Int(mode.dropFirst("healthy".count)) ?? 0), contentType: json)
        }
    }

    @Test func everyFaultFailsOnlyItsOwnSourceAndSaysWhy() async throws {
        let server = try await LocalHTTPServer.start { Self.answer($0) }
        let base = server.baseURL.absoluteString
        var sources = (0..<3).map {
            #"{"id": "healthy-\#($0)", "type": "stackoverflow", "baseURL": "\#(base)/healthy\#($0)"}"#
        }
        for fault in Self.faults where fault.mode != "dtd-bomb" && fault.mode != "slow" {
            sources.append(#"{"id": "\#(fault.mode)", "type": "stackoverflow", "baseURL": "\#(base)/\#(fault.mode)"}"#)
        }
        // The silent server is waited for 1 s, not the run's 8 s (a lower bound: load only lengthens the run).
        sources.append(#"{"id": "slow", "type": "stackoverflow", "baseURL": "\#(base)/slow", "timeout": 1}"#)
        sources.append(#"{"id": "dtd-bomb", "type": "feed", "url": "\#(base)/dtd-bomb/feed.xml"}"#)
        let config = try TributaryBinary.config(
            #"{"timeout": 8, "maxResponseMB": 1, "sources": [\#(sources.joined(separator: ", "))]}"#)
        let started = ContinuousClock.now
        let result = try await TributaryBinary.run([
            "digest", "--config", config.path, "--format", "json", "--no-cache",
        ])
        let elapsed = ContinuousClock.now - started
        await server.shutdown()

        #expect(result.status == 1, "some sources failed, the rest printed: \(result.stderr)")
        let digest = try JSONDecoder().decode(EndToEndTests.DigestJSON.self, from: Data(result.stdout.utf8))
        #expect(digest.items.map(\.source).sorted() == ["healthy-0", "healthy-1", "healthy-2"])
        for fault in Self.faults {
            let status = try #require(digest.sources.first { $0.id == fault.mode })
            #expect(status.status == "failed", "\(fault.mode)")
            #expect(status.message?.contains(fault.status) == true, "\(fault.mode): \(status.message ?? "no message")")
        }
        #expect(elapsed < .seconds(60), "the run ends: no fault hangs it (took \(elapsed))")
    }
}
