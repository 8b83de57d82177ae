import Foundation
import Testing
import Tributary
import TributaryTesting

/// JSON Feed bodies as servers really send them: duplicate keys, lone surrogates and
/// bytes that are not UTF-8.
@Suite struct JSONFeedBodyTests {
    static let version = #""version": "https://jsonfeed.org/version/1.1""#

    static func served(_ json: String) async throws -> SourceUpdate {
        try await update(serving: Data(json.utf8), contentType: "application/feed+json")
    }

    /// As jq, Python and most parsers read them: the last of duplicate keys wins.
    @Test func theLastDuplicateKeyWins() async throws {
        let json = #"""
            {\#(Self.version), "items": [{"id": "old"}], "title": "First", "title": "Last",
             "items": [{"id": "a", "title": "one", "url": "https://x.example/1",
                        "title": "two", "url": "https://x.example/2"}]}
            """#
        let items = try await Self.served(json).items
        #expect(items.map(\.id) == ["a"])
        #expect(items.first?.title == "two")
        #expect(items.first?.url?.absoluteString == "https://x.example/2")
    }

    /// Ids sent as numbers keep their digits.
    @Test func numericIdsKeepTheirDigits() async throws {
        let json = #"{\#(Self.version), "items": [{"id": 42, "title": "a"}, {"id": 10.05, "title": "b"}]}"#
        #expect(try await Self.served(json).items.map(\.id) == ["42", "10.05"])
    }

    /// Escapes of lone surrogates read as U+FFFD; a proper pair is one character.
    @Test func loneSurrogatesBecomeReplacementCharacters() async throws {
        let json = #"""
            {\#(Self.version), "items": [
             {"id": "s1", "title": "Smile \ud83d please"}, {"id": "s2", "title": "ok \ud83d\ude00 \u00e9\\ud83d"},
             {"id": "s3", "title": "low \udc00 then high \ud83d\u0041"}]}
            """#
        let update = try await Self.served(json)
        let titles = ["Smile \u{FFFD} please", #"ok 😀 é\ud83d"#, "low \u{FFFD} then high \u{FFFD}A"]
        #expect(update.items.map(\.title) == titles)
        let first = try #require(json.utf8.firstRange(of: #"\ud83d please"#.utf8)).lowerBound
        let offset = json.utf8.distance(from: json.utf8.startIndex, to: first)
        let expected = "replaced 3 invalid UTF-8 sequences or lone surrogates with U+FFFD, the first at byte \(offset)"
        #expect(update.diagnostics.contains(expected), "\(update.diagnostics)")
    }

    /// Bytes that are not UTF-8 (Latin-1 pasted in, a stray 0xFF, a cut sequence) read as
    /// U+FFFD, and the diagnostic names the first one's offset, as the README promises.
    @Test func bytesThatAreNotUTF8BecomeReplacementCharacters() async throws {
        var body = Data(#"{\#(Self.version), "items": [{"id": "b1", "title": "caf"#.utf8)
        let offset = body.count
        body += Data([0xE9]) + Data(#" \#u{00FF} x"#.utf8) + Data([0xFF, 0xE2, 0x82])
        body += Data(#"!"}, {"id": "b2", "title": "fine"}]}"#.utf8)
        let update = try await update(serving: body, contentType: "application/feed+json")
        #expect(update.items.map(\.title) == ["caf\u{FFFD} ÿ x\u{FFFD}\u{FFFD}!", "fine"])
        let expected = "replaced 3 invalid UTF-8 sequences or lone surrogates with U+FFFD, the first at byte \(offset)"
        #expect(update.diagnostics.contains(expected), "\(update.diagnostics)")
    }

    @Test func syntaxErrorsNameTheOffsetAndWhatWasExpected() async throws {
        let error = try #require(try await failure(serving: #"{"version": "x", "items": [1 2]}"#))
        #expect(error.code == .badResponse)
        let expected =
            #"the document starts with { but is not valid JSON: at byte 29, expected "," or "]" after the value (is "#
            + #"a comma missing?)"#
        #expect(error.message == expected, "\(error.message)")
    }

    @Test func deepNestingIsRefusedNotACrash() async throws {
        let depth = 100_000
        let json = #"{"items": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        let error = try #require(try await failure(serving: json))
        #expect(error.message.contains("nested more than 512 levels deep"), "\(error.message)")
    }

    func failure(serving json: String) async throws -> TributaryError? {
        let body = Data(json.utf8)
        let server = try await LocalHTTPServer.start { _ in .body(body, contentType: "application/feed+json") }
        defer { Task { await server.shutdown() } }
        return await feedHarness.failure(#"{"id": "f", "type": "feed", "url": "\#(server.baseURL)/feed"}"#)
    }
}
