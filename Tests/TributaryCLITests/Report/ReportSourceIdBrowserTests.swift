import Foundation
import Testing
import Tributary
import TributaryRendering
import TributaryTesting

/// Source ids that are also names on every JavaScript object (`constructor`, `__proto__`…)
/// must not hide their items or break the chips that turn sources off and on.
@Suite(.serialized) struct ReportSourceIdBrowserTests {
    static let ids = ["constructor", "toString", "__proto__", "valueOf", "hasOwnProperty", "plain"]
    static let now = Date(timeIntervalSince1970: 1_795_320_000)

    static func digest() -> Digest {
        let items = ids.enumerated().flatMap { index, id in
            [ItemKind.article, .question].enumerated().map { number, kind in
                let age = TimeInterval(600 * (index * 2 + number))
                return FeedItem(
                    id: "\(id):\(number)", source: id, sourceType: "feed", kind: kind,
                    title: "Harbour news \(number) from \(id)", url: URL(string: "https://example.com/\(id)/\(number)"),
                    published: now.addingTimeInterval(-age), score: Double(index + number)
                )
            }
        }
        let sources = ids.map { SourceStatus(id: $0, type: "feed", state: .ok, itemCount: 2) }
        return Digest(title: "Awkward ids", generatedAt: now, sources: sources, items: items)
    }

    @Test func sourcesNamedLikeObjectPropertiesShowAndToggleTheirItems() async throws {
        guard let chromium = Chromium.require() else { return }
        let folder = try TributaryBinary.config("{}").deletingLastPathComponent()
        let report = folder.appendingPathComponent("report.html")
        try Data(try HTMLReportRenderer().render(Self.digest()).utf8).write(to: report)
        let server = try await LocalHTTPServer.start { request in
            ReportHarness.response(
                for: request.path, files: ["/report.html": ((try? Data(contentsOf: report)) ?? Data(), "text/html")])
        }
        defer { Task { await server.shutdown() } }

        let url = ReportBrowserTests.harness(server, page: "report.html", query: "harbour")
        let results = try ReportHarness.results(in: await offPool { try chromium.dumpDOM(url) })
        #expect(results.scriptRan)
        #expect(results.rows == 2 * Self.ids.count)
        #expect(results.hiddenAtStart == 0, "items hidden before any chip was touched")
        #expect(results.visibleAfterSearch == results.rows && results.visibleAfterClearing == results.rows)
        #expect(results.toggles.map(\.source) == Self.ids)
        for toggle in results.toggles {
            #expect(toggle.items == 2, "\(toggle.source)")
            #expect(toggle.hiddenWhenOff == 2, "\(toggle.source): its chip off hides its items")
            #expect(toggle.othersHiddenWhenOff == 0, "\(toggle.source): its chip off hides no other source's items")
            #expect(toggle.shownWhenOn == 2, "\(toggle.source): its chip on shows its items again")
        }
    }
}
