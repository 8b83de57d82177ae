import Testing
@testable import TributaryInterchange

/// `ConfigText`: entries added to feeds.json as text, the rest of the file untouched.
@Suite struct ConfigTextTests {
    let entry = NewFeedEntry(id: "new", subscription: Subscription(title: nil, feedURL: "https://n.example/feed"))

    func adding(_ text: String) -> String? {
        ConfigText.adding([entry], to: Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func anEmptyListGetsTheEntryIndentedUnderItsKey() {
        #expect(
            adding("{\n  \"sources\": []\n}\n")
                == "{\n  \"sources\": [\n    {\n      \"id\": \"new\",\n      \"type\": \"feed\",\n"
                + "      \"url\": \"https://n.example/feed\"\n    }\n  ]\n}\n")
    }

    @Test func aListOnOneLineGetsACommaAndTheEntry() {
        let added = adding(#"{"sources": [{"id": "a", "type": "feed", "url": "https://a.example/"}]}"#)
        #expect(added?.hasPrefix(#"{"sources": [{"id": "a", "type": "feed", "url": "https://a.example/"},"#) == true)
        #expect(added?.hasSuffix("\"url\": \"https://n.example/feed\"\n}\n]}") == true)
    }

    @Test func windowsLineEndsStayWindowsLineEnds() {
        let added = adding("{\r\n  \"sources\": [\r\n    {\"id\": \"a\"}\r\n  ]\r\n}\r\n") ?? ""
        #expect(added.contains("{\"id\": \"a\"},\r\n    {\r\n      \"id\": \"new\","))
        #expect(!added.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every line end is CRLF")
    }

    @Test func keysNamedSourcesInsideStringsOrCommentsAreNotTheList() {
        let text = "{\"title\": \"sources: [\", /* \"sources\": [] */ \"sources\": [\n]}"
        #expect(adding(text)?.hasPrefix("{\"title\": \"sources: [\", /* \"sources\": [] */ \"sources\": [\n") == true)
        #expect(adding(#"{"title": "none"}"#) == nil)
    }
}
