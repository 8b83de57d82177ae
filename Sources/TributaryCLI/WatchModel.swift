import Foundation
import Tributary
import TributaryLive
import TributaryRendering

/// What `watch` on a terminal shows and where the reader is in it, changed by keys and
/// by each new digest, with no I/O: keys return the effects (`WatchEffect`) for the
/// screen to carry out, having already shown their result (a toggled read mark shows at
/// once; the store confirms it with the next digest).
///
/// The cursor follows an item, not a row: new items arrive at the top and the cursor
/// stays on what the reader was on. At the top of the list the new items come into view
/// above it; scrolled down, the first row shown stays the same.
struct WatchModel: Sendable {
    enum Mode: Equatable, Sendable { case list, article, help, filtering }

    var size = WatchSize(columns: 80, rows: 24)
    /// Whether a state store keeps read and starred marks (not with `--no-state`).
    var hasStore = true
    /// The reader's time zone, for the dates shown.
    var time = TerminalTime(timeZone: TimeZone(identifier: "UTC")!)
    private(set) var title = ""
    private(set) var generatedAt = Date(timeIntervalSince1970: 0)
    private(set) var sources: [LiveSourceState] = []
    private(set) var rows: [WatchRow] = []
    /// The positions in `rows` that the filter keeps, in order.
    private(set) var visible: [Int] = []
    /// The cursor's and the first shown row's places in `visible`.
    private(set) var cursor = 0
    private(set) var top = 0
    private(set) var mode = Mode.list
    private(set) var filter = ""
    /// What is typed after `/`, before Enter.
    private(set) var draft = ""
    private(set) var sourcesExpanded = false
    /// The item the article view shows, and its first shown line.
    private(set) var article: WatchRow?
    private(set) var articleTop = 0
    /// A word for the reader after a key (`no unread items`), until the next key.
    private(set) var message: String?

    /// The row under the cursor.
    var current: WatchRow? { visible.indices.contains(cursor) ? rows[visible[cursor]] : nil }

    /// The visible rows that the list shows now, with whether each is the cursor's.
    var shownRows: [(row: WatchRow, isCursor: Bool)] {
        let end = min(visible.count, top + listHeight)
        guard top < end else { return [] }
        return (top..<end).map { (row: rows[visible[$0]], isCursor: $0 == cursor) }
    }

    /// Lines the footer takes: one, or a line per source when expanded (at most half the screen).
    var footerHeight: Int {
        sourcesExpanded ? max(1, min(sources.count, (size.rows - 3) / 2)) : 1
    }

    /// Rows for the list (or the article) between the header, the footer and the keys line.
    var listHeight: Int { max(1, size.rows - 2 - footerHeight) }

    /// Unread items of each source, by source id (of all items, whatever the filter).
    var unreadCounts: [String: Int] {
        rows.reduce(into: [:]) { counts, row in if !row.isRead { counts[row.item.source, default: 0] += 1 } }
    }

    /// Shows a new digest's rows, keeping the cursor on its item (or its place, when the
    /// item left) and the view where it was (see the type's comment).
    mutating func show(_ rows: [WatchRow], title: String, generatedAt: Date, sources: [LiveSourceState]) {
        let cursorID = current?.item.id
        let topID = visible.indices.contains(top) ? self.rows[visible[top]].item.id : nil
        let wasAtTop = top == 0
        self.rows = rows
        self.title = title
        self.generatedAt = generatedAt
        self.sources = sources
        if let shown = article, let fresh = rows.first(where: { $0.item.id == shown.item.id }) { article = fresh }
        refilter()
        cursor = cursorID.flatMap { place(of: $0) } ?? min(cursor, max(0, visible.count - 1))
        top = wasAtTop ? 0 : (topID.flatMap { place(of: $0) } ?? top)
        keepCursorInView()
    }

    /// Shows `text` on the keys line until the next key.
    mutating func tell(_ text: String) {
        message = text
    }

    /// Sets the window's size and keeps the cursor in view.
    mutating func resize(to size: WatchSize) {
        self.size = size
        keepCursorInView()
        articleTop = min(articleTop, maxArticleTop)
    }

    /// Handles one key; returns what the screen must do.
    mutating func handle(_ key: WatchKey) -> [WatchEffect] {
        message = nil
        switch mode {
        case .list: return handleInList(key)
        case .article: return handleInArticle(key)
        case .help:
            mode = article == nil ? .list : .article
            return []
        case .filtering:
            handleInFilter(key)
            return []
        }
    }

    // MARK: The list

    private mutating func handleInList(_ key: WatchKey) -> [WatchEffect] {
        switch key {
        case .down, .character("j"): move(to: cursor + 1)
        case .up, .character("k"): move(to: cursor - 1)
        case .pageDown, .character(" "): page(by: listHeight)
        case .pageUp, .character("b"): page(by: -listHeight)
        case .home, .character("g"): move(to: 0)
        case .end, .character("G"): move(to: visible.count - 1)
        case .enter, .right, .character("l"): openArticle(current)
        case .character("n"): nextUnread()
        case .character("/"):
            draft = filter
            mode = .filtering
        case .escape where !filter.isEmpty: apply(filter: "")
        case .character("A"): return markVisibleRead()
        case .character("q"): return [.quit]
        default: return common(key, on: current)
        }
        return []
    }

    /// The keys the list and the article view share, acting on `row`.
    private mutating func common(_ key: WatchKey, on row: WatchRow?) -> [WatchEffect] {
        switch key {
        case .character("r"):
            message = "refreshing every source…"
            return [.refresh]
        case .character("?"): mode = .help
        case .character("S"): sourcesExpanded.toggle()
        case .character("o"):
            if let link = row?.item.urlString { return [.open(link)] }
            message = "this item has no link"
        case .character("m"):
            if let row { return toggleRead(row) }
        case .character("s"):
            if let row { return toggleStar(row) }
        default: break
        }
        keepCursorInView()
        return []
    }

    private mutating func move(to place: Int) {
        cursor = max(0, min(place, visible.count - 1))
        keepCursorInView()
    }

    private mutating func page(by rows: Int) {
        let last = max(0, visible.count - 1)
        top = max(0, min(top + rows, max(0, visible.count - listHeight)))
        cursor = max(0, min(cursor + rows, last))
        keepCursorInView()
    }

    private mutating func nextUnread() {
        let order = Array(visible.indices.dropFirst(cursor + 1)) + Array(visible.indices.prefix(cursor + 1))
        guard let found = order.first(where: { !rows[visible[$0]].isRead }) else {
            message = "no unread items"
            return
        }
        move(to: found)
    }

    private mutating func markVisibleRead() -> [WatchEffect] {
        guard hasStore else { return needsStore() }
        let ids = visible.filter { !rows[$0].isRead }.map { rows[$0].item.id }
        for position in visible { rows[position].isRead = true }
        message = "marked \(Plural.count(ids.count, "item")) read"
        return ids.isEmpty ? [] : [.setRead(ids, read: true)]
    }

    private mutating func toggleRead(_ row: WatchRow) -> [WatchEffect] {
        guard hasStore else { return needsStore() }
        let read = !row.isRead
        update(row.item.id) { $0.isRead = read }
        return [.setRead([row.item.id], read: read)]
    }

    private mutating func toggleStar(_ row: WatchRow) -> [WatchEffect] {
        guard hasStore, let entryID = row.entryID else { return needsStore() }
        let starred = !row.isStarred
        update(row.item.id) { $0.isStarred = starred }
        return [.setStarred(entryID, starred: starred)]
    }

    private mutating func needsStore() -> [WatchEffect] {
        message = "read and starred marks need the state store (this run has --no-state)"
        return []
    }

    private mutating func update(_ id: String, _ change: (inout WatchRow) -> Void) {
        for index in rows.indices where rows[index].item.id == id { change(&rows[index]) }
        if article?.item.id == id { change(&article!) }
    }

    // MARK: The article

    private mutating func openArticle(_ row: WatchRow?) {
        guard let row else { return }
        article = row
        articleTop = 0
        mode = .article
    }

    /// The article's lines at the window's width.
    var articleLines: [String] {
        article.map { WatchArticle.lines(of: $0.item, width: size.columns, time: time) } ?? []
    }

    private var maxArticleTop: Int { max(0, articleLines.count - listHeight) }

    private mutating func handleInArticle(_ key: WatchKey) -> [WatchEffect] {
        switch key {
        case .down, .character("j"), .enter: scrollArticle(to: articleTop + 1)
        case .up, .character("k"): scrollArticle(to: articleTop - 1)
        case .pageDown, .character(" "): scrollArticle(to: articleTop + listHeight)
        case .pageUp, .character("b"): scrollArticle(to: articleTop - listHeight)
        case .home, .character("g"): scrollArticle(to: 0)
        case .end, .character("G"): scrollArticle(to: maxArticleTop)
        case .escape, .left, .character("h"), .character("q"):
            mode = .list
            article = nil
        case .character("n"):
            nextUnread()
            openArticle(current)
        default: return common(key, on: article)
        }
        return []
    }

    private mutating func scrollArticle(to line: Int) {
        articleTop = max(0, min(line, maxArticleTop))
    }

    // MARK: The filter

    private mutating func handleInFilter(_ key: WatchKey) {
        switch key {
        case .character(let character): draft.append(character)
        case .backspace: if !draft.isEmpty { draft.removeLast() }
        case .enter: apply(filter: draft)
        case .escape: mode = .list
        default: break
        }
    }

    private mutating func apply(filter text: String) {
        let id = current?.item.id
        filter = text
        mode = .list
        refilter()
        cursor = id.flatMap { place(of: $0) } ?? 0
        top = 0
        keepCursorInView()
        if visible.isEmpty { message = "no items match \"\(text)\"" }
    }

    private mutating func refilter() {
        let text = filter.lowercased()
        visible = rows.indices.filter { rows[$0].matches(text) }
    }

    private func place(of id: String) -> Int? {
        visible.firstIndex { rows[$0].item.id == id }
    }

    private mutating func keepCursorInView() {
        cursor = max(0, min(cursor, visible.count - 1))
        if cursor < top { top = cursor }
        if cursor >= top + listHeight { top = cursor - listHeight + 1 }
        top = max(0, min(top, max(0, visible.count - listHeight)))
    }
}

/// What a key asks the screen to do.
enum WatchEffect: Equatable, Sendable {
    case quit
    case refresh
    /// Opens the link in `$BROWSER`.
    case open(String)
    case setRead([String], read: Bool)
    case setStarred(Int, starred: Bool)

    /// Whether the effect marks or stars items in the state store.
    var writesToStore: Bool {
        switch self {
        case .setRead, .setStarred: true
        case .quit, .refresh, .open: false
        }
    }
}

/// A terminal window's size in cells.
struct WatchSize: Equatable, Sendable {
    var columns: Int
    var rows: Int
}
