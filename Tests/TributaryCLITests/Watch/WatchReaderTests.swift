import Foundation
import Testing
import Tributary
import TributaryLive
import TributaryRendering

@testable import TributaryCLI

/// `watch`'s reader without a terminal: the keys decoded from bytes, the model moved by
/// keys and digests, and the layout's lines measured in display cells.
@Suite struct WatchReaderTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// Items `Post 1…count` of source `g`, Post `count` the newest; those in `read` read.
    static func rows(_ count: Int, read: Set<Int> = [], source: String = "g") -> [WatchRow] {
        let rows = (1...count).map { number in
            let date = start.addingTimeInterval(Double(number) * 60)
            return WatchRow(
                item: FeedItem(
                    id: "\(source):\(number)", source: source, sourceType: "feed", kind: .article,
                    title: "Post \(number)",
                    url: URL(string: "https://example.org/\(number)"),
                    published: date, summary: "Body of post \(number)."),
                isNew: true, isRead: read.contains(number), entryID: number, date: date)
        }
        return rows.sorted { $0.date! > $1.date! }
    }

    static func sources(_ ids: [String]) -> [LiveSourceState] {
        ids.map { LiveSourceState(latest: SourceState(status: SourceStatus(id: $0, type: "feed", state: .ok))) }
    }

    static func model(_ rows: [WatchRow], size: WatchSize = WatchSize(columns: 100, rows: 30)) -> WatchModel {
        var model = WatchModel()
        model.resize(to: size)
        model.show(rows, title: "Digest", generatedAt: start, sources: sources(["g"]))
        return model
    }

    static func keys(_ text: String) -> [WatchKey] { text.map { .character($0) } }

    // MARK: Keys

    @Test func arrowsAndPageKeysAreDecodedEvenWhenAReadEndsInsideThem() {
        var decoder = WatchKeyDecoder()
        #expect(decoder.decode(Array("j\u{1B}[A\u{1B}[B\u{1B}OC".utf8)) == [.character("j"), .up, .down, .right])
        #expect(decoder.decode(Array("\u{1B}[5".utf8)) == [], "a sequence cut by the read waits for its end")
        #expect(
            decoder.decode(Array("~\u{1B}[6~\u{1B}[H\u{1B}[4~\r".utf8)) == [.pageUp, .pageDown, .home, .end, .enter])
        #expect(decoder.decode([0xC3]) == [] && decoder.decode([0xA9, 0x7F]) == [.character("é"), .backspace])
        #expect(decoder.decode([0x1B]) == [.escape], "a lone ESC at the end of a read is the Escape key")
    }

    // MARK: The list

    @Test func theNewestItemIsFirstAndTheCursorOnIt() {
        let model = Self.model(Self.rows(200))
        #expect(model.current?.item.title == "Post 200")
        #expect(model.shownRows.count == 27, "30 rows less the header, the footer and the keys line")
        #expect(model.shownRows.first?.isCursor == true)
    }

    @Test func newItemsArriveAtTheTopAndTheCursorStaysOnItsItem() {
        var model = Self.model(Self.rows(200))
        for key in Self.keys("jjjjj") { _ = model.handle(key) }
        #expect(model.current?.item.title == "Post 195")
        model.show(Self.rows(201), title: "Digest", generatedAt: Self.start, sources: Self.sources(["g"]))
        #expect(model.current?.item.title == "Post 195", "the cursor follows the item")
        #expect(model.shownRows.first?.row.item.title == "Post 201", "at the top, the new item comes into view")
        _ = model.handle(.character("G"))
        _ = model.handle(.pageUp)
        let firstShown = model.shownRows.first?.row.item.title
        let cursorItem = model.current?.item.title
        model.show(Self.rows(205), title: "Digest", generatedAt: Self.start, sources: Self.sources(["g"]))
        #expect(model.shownRows.first?.row.item.title == firstShown, "scrolled down, the view stays put")
        #expect(model.current?.item.title == cursorItem)
    }

    @Test func movingPagingAndTheEndsKeepTheCursorInView() {
        var model = Self.model(Self.rows(200))
        _ = model.handle(.pageDown)
        #expect(model.current?.item.title == "Post 173")
        #expect(model.shownRows.contains { $0.isCursor })
        _ = model.handle(.character("G"))
        #expect(model.current?.item.title == "Post 1" && model.shownRows.last?.isCursor == true)
        _ = model.handle(.character("g"))
        #expect(model.current?.item.title == "Post 200" && model.top == 0)
        _ = model.handle(.up)
        #expect(model.current?.item.title == "Post 200", "no row above the first")
    }

    @Test func enterOpensTheArticleAndQGoesBackWithoutQuitting() {
        var model = Self.model(Self.rows(10))
        for key in Self.keys("jjjjj") { _ = model.handle(key) }
        #expect(model.handle(.enter) == [])
        #expect(model.mode == .article && model.article?.item.title == "Post 5")
        #expect(model.articleLines.contains("Body of post 5."))
        #expect(model.handle(.character("q")) == [], "q in an article goes back")
        #expect(model.mode == .list)
        #expect(model.handle(.character("q")) == [.quit])
    }

    @Test func mTogglesReadAtOnceAndAsksTheStore() {
        var model = Self.model(Self.rows(10))
        #expect(model.handle(.character("m")) == [.setRead(["g:10"], read: true)])
        #expect(model.current?.isRead == true)
        _ = model.handle(.enter)
        #expect(model.handle(.character("m")) == [.setRead(["g:10"], read: false)], "in the article too")
        #expect(model.article?.isRead == false && model.current?.isRead == false)
        #expect(model.handle(.character("s")) == [.setStarred(10, starred: true)])
        #expect(model.article?.isStarred == true)
        let keysLine = WatchLayout(model: model, style: TerminalStyle(isEnabled: false), now: Self.start).lines().last
        #expect(keysLine?.hasPrefix("unread · starred · j/k scroll") == true, "the article's marks: \(keysLine ?? "")")
    }

    @Test func capitalAMarksOnlyTheListedItemsRead() {
        var model = Self.model(Self.rows(30, read: [29]))
        for key in Self.keys("/post 2") + [.enter] { _ = model.handle(key) }
        #expect(model.visible.count == 11, "Post 2 and 20…29")
        let effects = model.handle(.character("A"))
        let ids = Set(["g:2"] + (20...28).map { "g:\($0)" })
        #expect(effects.count == 1)
        if case .setRead(let marked, read: true)? = effects.first { #expect(Set(marked) == ids) }
        #expect(model.rows.filter { !$0.isRead }.count == 30 - 11)
    }

    @Test func nJumpsToTheNextUnreadItemAndWraps() {
        var model = Self.model(Self.rows(10, read: [9, 8, 6, 5, 4, 3, 2, 1]))
        _ = model.handle(.character("n"))
        #expect(model.current?.item.title == "Post 7", "Posts 9 and 8 are read")
        _ = model.handle(.character("n"))
        #expect(model.current?.item.title == "Post 10", "past the last unread, from the top")
    }

    @Test func theFilterNarrowsTheListAndEscapeClearsIt() {
        var model = Self.model(Self.rows(200))
        for key in Self.keys("/Post 17") { _ = model.handle(key) }
        #expect(model.mode == .filtering && model.visible.count == 200, "nothing changes before Enter")
        _ = model.handle(.backspace)
        _ = model.handle(.character("9"))
        _ = model.handle(.enter)
        #expect(model.visible.count == 11 && model.current?.item.title == "Post 199", "Post 19 and 190…199")
        _ = model.handle(.escape)
        #expect(model.visible.count == 200 && model.current?.item.title == "Post 199", "the cursor stays on its item")
    }

    @Test func withoutAStoreMarksAreRefusedWithAReason() {
        var model = Self.model(Self.rows(3))
        model.hasStore = false
        #expect(model.handle(.character("m")) == [] && model.current?.isRead == false)
        #expect(model.message?.contains("--no-state") == true)
        #expect(model.handle(.character("x")) == [] && model.message == nil, "a message lasts until the next key")
    }

    // MARK: The layout

    static func plain(_ line: String) -> String {
        line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    @Test(arguments: [20, 37, 60, 100, 141])
    func everyLineFitsTheWidthInDisplayCells(columns: Int) {
        let titles = [
            "東京タワーの夜景と、とても長いタイトルが続きます", "👩‍👩‍👧 family 🇯🇵 flags and e\u{301}", String(repeating: "word ", count: 40),
        ]
        let rows = titles.enumerated().map { index, title in
            WatchRow(
                item: FeedItem(
                    id: "w:\(index)", source: "wide", sourceType: "feed", kind: .post, title: title,
                    url: URL(string: "https://example.org/\(index)"), summary: title + " " + title),
                isNew: index == 0)
        }
        for styled in [false, true] {
            var model = Self.model(rows, size: WatchSize(columns: columns, rows: 20))
            for keys in [[], [WatchKey.character("S")], [.enter], [.character("?")]] {
                for key in keys { _ = model.handle(key) }
                let lines = WatchLayout(model: model, style: TerminalStyle(isEnabled: styled), now: Self.start).lines()
                #expect(lines.count == 20)
                for line in lines {
                    #expect(DisplayWidth.cells(Self.plain(line)) <= columns, "\(columns) columns: \(line)")
                }
                _ = model.handle(.escape)
            }
        }
    }

    @Test func aHostileTitleReachesTheScreenWithoutItsEscapes() {
        let hostile = "Bad\u{1B}]0;owned\u{07} title\u{1B}[2J\u{9B}31m\r\nmore\u{202E}"
        let row = WatchRow(
            item: FeedItem(
                id: "h:1", source: "h\u{1B}[31m", sourceType: "feed", kind: .post, title: hostile,
                url: URL(string: "https://example.org/1"), summary: hostile),
            isNew: true)
        var model = Self.model([row])
        let plainLines = WatchLayout(model: model, style: TerminalStyle(isEnabled: false), now: Self.start).lines()
        _ = model.handle(.enter)
        let articleLines = WatchLayout(model: model, style: TerminalStyle(isEnabled: false), now: Self.start).lines()
        for line in plainLines + articleLines {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(line)")
            #expect(!line.unicodeScalars.contains("\u{202E}"))
        }
        #expect(plainLines.contains { $0.contains("Bad]0;owned title[2J31m more") }, "\(plainLines)")
        let styled = WatchLayout(model: model, style: TerminalStyle(isEnabled: true), now: Self.start).lines()
        let escapes = styled.joined().split(separator: "\u{1B}").dropFirst()
        #expect(escapes.allSatisfy { $0.wholeMatch(of: #/\[[0-9;]*m[^\u{1B}]*/#) != nil }, "only colour codes")
    }

    @Test func colourOnlyWhenStyledAndTheCursorStillShowsWithout() {
        let model = Self.model(Self.rows(3))
        let plain = WatchLayout(model: model, style: TerminalStyle(isEnabled: false), now: Self.start).lines()
        #expect(!plain.joined().contains("\u{1B}"))
        #expect(plain[1].hasPrefix("> N") && plain[1].contains("Post 3"), "\(plain)")
        #expect(plain[0].hasPrefix("Digest · 3 items, 3 unread"))
        #expect(plain[28] == "g: ok, 3 unread", "the sources' footer with unread counts")
        let styled = WatchLayout(
            model: model, style: TerminalStyle.forStream(isTTY: true, environment: [:]), now: Self.start)
        #expect(styled.lines()[1].hasPrefix("\u{1B}[7m"), "the cursor's row in reverse video")
        let noColor = TerminalStyle.forStream(isTTY: true, environment: ["NO_COLOR": "1"])
        #expect(!WatchLayout(model: model, style: noColor, now: Self.start).lines().joined().contains("\u{1B}"))
    }

    @Test func theFooterFoldsTheSourcesAndSExpandsThem() {
        var model = Self.model(Self.rows(4, read: [1]) + Self.rows(2, source: "h"))
        var disabled = LiveSourceState(
            latest: SourceState(
                status: SourceStatus(id: "d", type: "feed", state: .skipped, message: "disabled in feeds.json")),
            nextRefresh: Self.start)
        disabled.refreshedAt = Self.start
        model.show(
            model.rows, title: "Digest", generatedAt: Self.start, sources: Self.sources(["g", "h"]) + [disabled])
        let folded = WatchLayout(model: model, style: TerminalStyle(isEnabled: false), now: Self.start).lines()
        #expect(folded[28] == "g: ok, 3 unread · h: ok, 2 unread · d: disabled in feeds.json")
        _ = model.handle(.character("S"))
        let expanded = WatchLayout(model: model, style: TerminalStyle(isEnabled: false), now: Self.start).lines()
        #expect(expanded[26...28].map { $0 }.last == "d: skipped: disabled in feeds.json", "\(expanded)")
        #expect(!expanded.joined().contains("d: skipped: disabled in feeds.json · next refresh"))
        #expect(expanded[26].hasPrefix("g: ok · ") && expanded[26].hasSuffix("3 unread"))
    }

    // MARK: The browser

    @Test func theLinkIsAnArgumentOfItsOwnAndOnlyAWebAddressOpens() {
        let link = "https://example.org/a;rm -rf ~"
        #expect(
            WatchBrowser.command(for: link, environment: ["BROWSER": "firefox --new-tab:lynx"]) == [
                "firefox", "--new-tab", link,
            ])
        #expect(
            WatchBrowser.command(for: link, environment: ["BROWSER": "open-it --url=%s"]) == [
                "open-it", "--url=" + link,
            ])
        #expect(WatchBrowser.command(for: link, environment: [:]) == ["xdg-open", link])
        #expect(WatchBrowser.command(for: "file:///etc/passwd", environment: [:]) == nil)
        #expect(WatchBrowser.command(for: "javascript:alert(1)", environment: ["BROWSER": "firefox"]) == nil)
    }
}
