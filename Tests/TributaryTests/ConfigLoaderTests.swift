import Foundation
import Testing
import Tributary

/// A source type with a few options, standing in for a real adapter in config tests.
struct OptionsOnlySource: FeedSource {
    static let type = "sample"
    static let summary = "a sample source for configuration tests"
    static let options = [
        OptionSpec("tags", .stringList(maxCount: 5), "tags"),
        OptionSpec("mode", .choice(["search", "public"]), "mode"),
        OptionSpec("count", .integer(1...100), "count"),
        OptionSpec("token", .secret(variable: "SAMPLE_TOKEN"), "token"),
    ]

    let entry: SourceEntry

    init(entry: SourceEntry) throws {
        _ = try entry.requiredSecret("token", entry.string("token").map(Secret.init))
        self.entry = entry
    }

    func signal(in context: SourceContext) -> Signal<SourceUpdate> { .values([SourceUpdate(items: [])]) }
}

@Suite struct ConfigLoaderTests {
    let loader = ConfigLoader(
        registry: SourceRegistry([SourceType(OptionsOnlySource.self)]), environment: ["SAMPLE_TOKEN": "abc123"])

    func problems(_ json: String) -> String {
        do {
            _ = try loader.load(Data(json.utf8))
            return ""
        } catch let error as TributaryError {
            #expect(error.code == .invalidConfiguration)
            return error.message
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func misspelledKeyNamesEntryKeyAndSuggestion() {
        let message = problems(
            #"{"sources": [{"id": "a", "type": "sample"}, {"id": "b", "type": "sample"}, {"id": "c", "type": "#
                + #""sample", "tgas": ["x"]}]}"#
        )
        #expect(message == #"sources[2].tgas: unknown key; did you mean "tags"?"#)
    }

    @Test func unknownTypeSuggestsTheClosest() {
        #expect(
            problems(#"{"sources": [{"id": "a", "type": "sampel"}]}"#).contains(
                #"unknown source type "sampel"; did you mean "sample"?"#))
    }

    @Test func wrongTypesAndRangesAreNamed() {
        let message = problems(
            #"{"sources": [{"id": "a", "type": "sample", "count": 500, "tags": "swift", "mode": "serch"}]}"#)
        #expect(message.contains("sources[0].count: must be between 1 and 100, found 500"))
        #expect(message.contains("sources[0].tags: expected a list of strings, found \"swift\""))
        #expect(message.contains(#"sources[0].mode: "serch" is not one of "search", "public"; did you mean "search"?"#))
    }

    @Test func duplicateIDsAreErrors() {
        #expect(
            problems(#"{"sources": [{"id": "a", "type": "sample"}, {"id": "a", "type": "sample"}]}"#)
                .contains(#"sources[1].id: duplicate id "a" (also used by sources[0])"#))
    }

    @Test func unknownTopLevelKeyAndBadSort() {
        let message = problems(#"{"titel": "x", "sort": "oldest", "sources": []}"#)
        #expect(message.contains(#"titel: unknown key; did you mean "title"?"#))
        #expect(message.contains(#"sort: "oldest" is not one of "newest", "score", "source""#))
    }

    @Test func aFloodOfProblemsIsCutAfterTwenty() {
        let entries = (0..<50).map { #"{"id": "e\#($0)", "type": "sample", "count": 0}"# }.joined(separator: ",")
        let lines = problems(#"{"sources": [\#(entries)]}"#).split(separator: "\n")
        #expect(lines.count == 21)
        #expect(lines.last == "… and 30 more problems")
    }

    @Test func invalidJSONSaysWhereWithTheLineAndACaret() {
        #expect(
            problems(#"{"sources": [}"#) == """
                feeds.json:1:14: expected a value (a string in double quotes, a number, true, false, null, an object or a list)
                    {"sources": [}
                                 ^
                """)
    }

    @Test func environmentVariablesExpandAndLimitZeroMeansAll() throws {
        let config = try loader.load(
            Data(#"{"limit": 0, "sources": [{"id": "a", "type": "sample", "token": "${SAMPLE_TOKEN}"}]}"#.utf8))
        #expect(config.limit == nil)
        #expect(config.sources[0].string("token") == "abc123")
    }

    @Test func unsetSecretSkipsTheSourceNamingTheVariable() throws {
        let bare = ConfigLoader(registry: loader.registry, environment: [:])
        let entry = try bare.load(
            Data(#"{"sources": [{"id": "a", "type": "sample", "token": "${SAMPLE_TOKEN}"}]}"#.utf8)
        ).sources[0]
        #expect(throws: TributaryError.self) { try OptionsOnlySource(entry: entry) }
        do {
            _ = try OptionsOnlySource(entry: entry)
        } catch let error as TributaryError {
            #expect(error.code == .skipped)
            #expect(error.message.contains("set SAMPLE_TOKEN"))
        } catch {}
    }

    @Test func unsetSecretIsFineWhenReplaying() throws {
        let replaying = ConfigLoader(registry: loader.registry, environment: [:], secretsOptional: true)
        let entry = try replaying.load(
            Data(#"{"sources": [{"id": "a", "type": "sample", "token": "${SAMPLE_TOKEN}"}]}"#.utf8)
        ).sources[0]
        #expect(throws: Never.self) { try OptionsOnlySource(entry: entry) }
    }

    @Test func anUnsetVariableInAnyOptionSkipsOnlyThatEntry() throws {
        let json =
            #"{"sources": [{"id": "a", "type": "sample", "mode": "${MODE}"}, {"id": "b", "type": "sample", "token": "#
            + #""${SAMPLE_TOKEN}"}]}"#
        let config = try loader.load(Data(json.utf8))
        let type = SourceType(OptionsOnlySource.self)
        #expect(throws: TributaryError.self) { try type.make(config.sources[0]) }
        do { _ = try type.make(config.sources[0]) } catch let error as TributaryError {
            #expect(error.code == .skipped)
            #expect(error.message == "sources[0].mode uses MODE, which is not set; set it to enable this source")
        }
        _ = try type.make(config.sources[1])
    }
}
