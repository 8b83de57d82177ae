import Foundation
import Testing
import Tributary

/// feeds.json as people write it: comments, trailing commas, typos, keys written twice,
/// hostile nesting and values out of range.
@Suite struct ConfigSyntaxTests {
    let loader = ConfigLoader(
        registry: SourceRegistry([SourceType(OptionsOnlySource.self)]), environment: ["SAMPLE_TOKEN": "abc123"])

    func problems(_ json: String) -> String {
        do {
            _ = try loader.load(Data(json.utf8))
            return ""
        } catch {
            return (error as? TributaryError)?.message ?? "\(error)"
        }
    }

    @Test func commentsAndTrailingCommasAreAccepted() throws {
        let json = """
            // my feeds
            {
              "limit": 5, /* a short digest */
              "sources": [
                {"id": "a", "type": "sample", "token": "${SAMPLE_TOKEN}",},  // trailing comma
              ],
            }
            """
        let config = try loader.load(Data(json.utf8))
        #expect(config.limit == 5)
        #expect(config.sources.map(\.id) == ["a"])
    }

    @Test func aTypoIsPlacedByLineAndColumn() {
        let json = """
            {
              // comment
              "limit": 5,
              "sources": [
                {"id": "a" "type": "sample"},
              ]
            }
            """
        #expect(
            problems(json) == """
                feeds.json:5:16: expected "," or "}" after the value (is a comma missing?)
                        {"id": "a" "type": "sample"},
                                   ^
                """)
    }

    @Test func aDuplicateKeyIsAnErrorNamingBothLines() {
        let json = """
            {"sources": [
              {"id": "a", "type": "sample", "token": "${SAMPLE_TOKEN}",
               "enabled": true,
               "enabled": false}
            ]}
            """
        let message = problems(json)
        #expect(
            message.hasPrefix(#"feeds.json:4:4: duplicate key "enabled" (first at line 3); remove one of them"#),
            "\(message)")
    }

    @Test func deepNestingIsRefusedQuickly() {
        let nested = String(repeating: "[", count: 509) + String(repeating: "]", count: 509)
        let json = "{\"x\": [" + Array(repeating: nested, count: 20).joined(separator: ",") + "], \"sources\": []}"
        let started = ContinuousClock.now
        let message = problems(json)
        #expect(message.contains("nested more than 256 levels deep"), "\(message)")
        #expect(ContinuousClock.now - started < .seconds(1), "milliseconds, not the 8 s of the quadratic decoder")
    }

    @Test(arguments: ["1e17", "\"inf\"", "\"1e300s\"", "\"nan\"", "-5", "0", "\"0.0001\"", "1e300"])
    func aTimeoutOutOfRangeIsAConfigErrorNamingTheRange(timeout: String) {
        let message = problems(#"{"timeout": \#(timeout), "sources": []}"#)
        #expect(message.hasPrefix("timeout: expected seconds (10) or a duration"), "\(message)")
        #expect(message.contains("from 1ms to 24h"))
    }

    @Test func durationsParseWithinTheRange() {
        #expect(Duration.parse("500ms") == .milliseconds(500))
        #expect(Duration.parse("2m") == .seconds(120))
        #expect(Duration.parse(.number(86_400)) == .seconds(86_400))
        #expect(Duration.parse(.number(86_401)) == nil)
        #expect(Duration.parse("inf") == nil)
        #expect(Duration.parse("nans") == nil)
    }

    @Test func aLoneSurrogateEscapeInTheConfigIsNamed() {
        #expect(problems(#"{"title": "\ud83d", "sources": []}"#).contains("lone surrogate"))
    }
}
