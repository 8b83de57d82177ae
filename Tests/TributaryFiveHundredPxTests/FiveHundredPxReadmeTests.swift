import Foundation
import Testing
import Tributary
import TributaryFiveHundredPx
import TributaryTesting

@Suite struct FiveHundredPxReadmeTests {
    static func readme() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("Plugins/FiveHundredPx/README.md"), encoding: .utf8)
    }

    static func sample() throws -> String {
        let text = try readme()
        let start = try #require(text.range(of: "```json\n"))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound])
    }

    @Test func sampleEntryValidates() throws {
        let harness = SourceHarness(
            SourceType(FiveHundredPxSource.self), environment: ["FIVEHUNDREDPX_CONSUMER_KEY": "k"])
        let entry = try harness.entry(try Self.sample())
        #expect(entry.type == "500px")
        #expect(entry.limit == 40)
        _ = try harness.source(try Self.sample())
    }

    @Test func readmeStatesTheShutdown() throws {
        #expect(try Self.readme().contains("500px shut its public API down on 2018-06-15"))
    }
}
