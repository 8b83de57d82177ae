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

    @Test func deepNestingIsRefused() {
        let nested = String(repeating: "[", count: 509) + String(repeating: "]", count: 509)
        let json = "{\"x\": [" + Array(repeating: nested, count: 20).joined(separator: ",") + "], \"sources\": []}"
        let message = problems(json)
        #expect(message.contains("nested more than 256 levels deep"), "\(message)")
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
        #expect(Duration.parse("2w", .span) == .seconds(1_209_600))
        #expect(Duration.parse("500ms", .span) == .milliseconds(500))
        #expect(Duration.parse("90", .span) == nil, "a span names its unit")
    }

    @Test(arguments: [("1h", 3_600), ("2h", 7_200), ("1d", 86_400), ("1.5h", 5_400), ("90m", 5_400)])
    func refreshAndTimeoutTakeHoursAndDays(written: String, seconds: Int) throws {
        let json = """
            {"timeout": "\(written)", "sources": [
              {"id": "a", "type": "sample", "token": "${SAMPLE_TOKEN}", "refresh": "\(written)",
               "timeout": "\(written)"}
            ]}
            """
        let config = try loader.load(Data(json.utf8))
        #expect(config.timeout == .seconds(seconds))
        #expect(config.sources[0].common.refresh == .seconds(seconds))
        #expect(config.sources[0].common.timeout == .seconds(seconds))
    }

    @Test(arguments: ["\"25h\"", "\"2d\"", "\"1w\"", "86401"])
    func aRefreshBeyondADayIsRefusedNamingTheRealRange(refresh: String) {
        let json = #"{"sources": [{"id": "a", "type": "sample", "token": "${SAMPLE_TOKEN}", "refresh": \#(refresh)}]}"#
        let message = problems(json)
        #expect(message.contains("sources[0].refresh: expected seconds (10) or a duration"), "\(message)")
        #expect(message.contains(#""1h", "1d") from 1ms to 24h"#), "\(message)")
    }

    @Test func retentionTakesEveryUnitAndRefusesABareNumberNamingTheForms() throws {
        for (written, seconds) in [("36h", 129_600), ("90d", 7_776_000), ("2w", 1_209_600), ("90m", 5_400)] {
            let config = try loader.load(Data(#"{"retention": "\#(written)", "sources": []}"#.utf8))
            #expect(config.retention == .seconds(seconds), "\(written)")
        }
        for written in ["90", "0d", "36501d", "soon"] {
            let message = problems(#"{"retention": "\#(written)", "sources": []}"#)
            #expect(message.contains(#"retention: expected a span with its unit ("45s""#), "\(message)")
            #expect(message.contains("from 1ms to 36500d (100 years), found \"\(written)\""), "\(message)")
        }
    }

    @Test func aLoneSurrogateEscapeInTheConfigIsNamed() {
        #expect(problems(#"{"title": "\ud83d", "sources": []}"#).contains("lone surrogate"))
    }
}
