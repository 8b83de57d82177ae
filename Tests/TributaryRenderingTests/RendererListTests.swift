import Foundation
import Testing
import Tributary
import TributaryRendering

/// `Renderer.all`, the one list of output formats: each format is found by its name, writes
/// what its renderer writes, and (text, JSON, Markdown) writes an item on one line as its
/// document does.
@Suite struct RendererListTests {
    static let digest = GoldenTests.digest

    @Test func everyFormatHasItsOwnNameAMediaTypeAndAnExtension() {
        let names = Renderer.all.map(\.name)
        #expect(Set(names).count == names.count, "\(names)")
        for renderer in Renderer.all {
            #expect(Renderer.named(renderer.name)?.name == renderer.name)
            #expect(renderer.mediaType.contains("/"), "\(renderer.name): \(renderer.mediaType)")
            #expect(!renderer.fileExtension.isEmpty && !renderer.fileExtension.hasPrefix("."), "\(renderer.name)")
        }
        #expect(Renderer.named("html") == nil)
    }

    @Test func eachFormatWritesWhatItsRendererWrites() throws {
        let text = RenderOptions(style: TerminalStyle(isEnabled: false), width: 80)
        let documents: [String: String] = [
            "text": TextRenderer(style: TerminalStyle(isEnabled: false)).render(Self.digest),
            "json": String(decoding: try JSONRenderer().render(Self.digest), as: UTF8.self),
            "markdown": MarkdownRenderer().render(Self.digest),
            "atom": AtomRenderer().render(Self.digest),
            "rss": RSSRenderer().render(Self.digest),
            "jsonfeed": JSONFeedRenderer().render(Self.digest),
        ]
        #expect(Set(documents.keys) == Set(Renderer.all.map(\.name)), "a new format needs its line here")
        for renderer in Renderer.all {
            let written = String(decoding: renderer.bytes(Self.digest, options: text), as: UTF8.self)
            #expect(written == documents[renderer.name], "\(renderer.name)")
        }
    }

    @Test func theTerminalFormatFollowsItsOptionsAndTheOthersIgnoreThem() {
        let styled = RenderOptions(style: TerminalStyle(isEnabled: true), width: 40, links: true)
        #expect(Renderer.text.bytes(Self.digest, options: styled) != Renderer.text.bytes(Self.digest))
        #expect(String(decoding: Renderer.text.bytes(Self.digest, options: styled), as: UTF8.self).contains("\u{1B}["))
        for renderer in Renderer.all where renderer.name != "text" {
            #expect(renderer.bytes(Self.digest, options: styled) == renderer.bytes(Self.digest), "\(renderer.name)")
        }
    }

    @Test func onlyTheFeedsWriteNoLines() {
        #expect(Renderer.all.filter(\.writesLines).map(\.name) == ["text", "json", "markdown"])
        #expect(Renderer.atom.line(for: Self.digest.items[0], remembered: nil) == nil)
    }

    @Test func aJSONLineIsTheDocumentsItemOnOneLine() throws {
        let document = try #require(
            try JSONSerialization.jsonObject(with: try JSONRenderer().render(Self.digest)) as? [String: Any])
        let items = try #require(document["items"] as? [NSDictionary])
        for (index, item) in Self.digest.items.enumerated() {
            let line = try #require(Renderer.json.line(for: item, remembered: nil))
            #expect(!line.contains("\n"))
            #expect(line.hasPrefix(#"{"author": "#) && line.hasSuffix("}"), "\(line)")
            let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? NSDictionary
            #expect(parsed == items[index], "\(line)")
        }
    }

    @Test func aJSONLineCarriesWhatTheStoreRemembers() throws {
        let item = Self.digest.items[0]
        let remembered = ItemMemory(firstSeen: GoldenTests.generatedAt, isNew: true, isRead: false)
        let line = try #require(Renderer.json.line(for: item, remembered: remembered))
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(parsed["new"] as? Bool == true)
        #expect(parsed["read"] as? Bool == false)
        #expect(parsed["firstSeen"] as? String == "2026-11-22T04:00:00Z")
    }

    @Test func aMarkdownLineIsTheDocumentsListItem() throws {
        let document = MarkdownRenderer().render(Self.digest)
        for item in Self.digest.items {
            let line = try #require(Renderer.markdown.line(for: item, remembered: nil))
            #expect(document.contains("\n" + line + "\n"), "\(line)")
        }
        let new = ItemMemory(firstSeen: GoldenTests.generatedAt, isNew: true, isRead: false)
        #expect(Renderer.markdown.line(for: Self.digest.items[1], remembered: new)?.contains("** — **new** · ") == true)
    }

    @Test func aTextLineNamesTheSourceTheTitleAndTheAddressAndMarksANewItem() {
        let item = Self.digest.items[0]
        let new = ItemMemory(firstSeen: GoldenTests.generatedAt, isNew: true, isRead: false)
        #expect(
            Renderer.text.line(for: item, remembered: nil)
                == "so-swift · \(item.title) · https://stackoverflow.com/questions/1/slug")
        #expect(Renderer.text.line(for: item, remembered: new)?.hasPrefix("N so-swift · ") == true)
    }
}
