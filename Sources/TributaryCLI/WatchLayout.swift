import Foundation
import Tributary
import TributaryLive
import TributaryRendering

/// The screen of `watch` on a terminal as lines, one per row of the window and none wider
/// than it in display cells (`DisplayWidth`): a header, the list (newest first, the cursor
/// on one row) or the article or the keys, the sources' footer, and a line of keys, the
/// filter being typed or a message. Remote text is cleaned of control characters and
/// escape sequences (`TextCleanup`) before it is measured; the only escapes written are
/// `style`'s, and none when it is off (piped, `NO_COLOR`).
struct WatchLayout {
    let model: WatchModel
    let style: TerminalStyle
    /// The time the ages of items are counted to.
    let now: Date

    var width: Int { max(1, model.size.columns) }

    func lines() -> [String] {
        var lines = [header()]
        switch model.mode {
        case .list, .filtering: lines += list()
        case .article: lines += article()
        case .help: lines += help()
        }
        lines = Array(lines.prefix(1 + model.listHeight))
        lines += Array(repeating: "", count: 1 + model.listHeight - lines.count)
        lines += footer() + [keysLine()]
        return Array(lines.prefix(max(1, model.size.rows)))
    }

    /// `Title · 200 items, 12 unread · /rust · refreshing…`
    private func header() -> String {
        let unread = model.rows.count { !$0.isRead }
        var details = " · \(Plural.count(model.rows.count, "item"))"
        if model.hasStore { details += ", \(unread) unread" }
        if !model.filter.isEmpty { details += " · /\(TextCleanup.singleLine(model.filter))" }
        if model.sources.contains(where: \.isRefreshing) { details += " · refreshing…" }
        let title = TextCleanup.singleLine(model.title)
        return Self.fit([(title.isEmpty ? "Tributary" : title, style.bold), (details, style.dim)], width: width)
    }

    private func list() -> [String] {
        if model.visible.isEmpty {
            let waiting = model.sources.contains { $0.status.state == .pending }
            let empty = model.rows.isEmpty ? (waiting ? "Waiting for the sources…" : "No items.") : "No items match."
            return [Self.fit([(empty, style.dim)], width: width)]
        }
        return model.shownRows.map { row(for: $0.row, isCursor: $0.isCursor) }
    }

    /// `> • * Title · source · 3h`: the cursor, unread (`N` when new), starred, then the title.
    func row(for row: WatchRow, isCursor: Bool) -> String {
        let mark = row.isRead ? " " : (row.isNew ? "N" : "•")
        let prefix = (isCursor ? ">" : " ") + " " + mark + (row.isStarred ? "*" : " ") + " "
        var meta = " · " + TextCleanup.singleLine(row.item.source)
        if let published = row.item.published { meta += " · " + model.time.age(of: published, now: now) }
        var title = TextCleanup.singleLine(row.item.title)
        let room = width - DisplayWidth.cells(prefix) - DisplayWidth.cells(meta)
        // The title is cut so that the details stay, unless that leaves it too little room.
        if room < 12 { meta = "" } else { title = DisplayWidth.fitting(title, in: room) }
        if isCursor && style.isEnabled {
            let plain = Self.fit(
                [(prefix, Self.unchanged), (title, Self.unchanged), (meta, Self.unchanged)], width: width)
            return style.reverse(plain + String(repeating: " ", count: max(0, width - DisplayWidth.cells(plain))))
        }
        var paintTitle: Paint = Self.unchanged
        if !row.isRead { paintTitle = style.bold }
        var paintMark: Paint = Self.unchanged
        if row.isNew { paintMark = style.green }
        return Self.fit(
            [
                (String(prefix.prefix(2)), Self.unchanged), (String(prefix.dropFirst(2)), paintMark),
                (title, paintTitle),
                (meta, style.dim),
            ], width: width)
    }

    private func article() -> [String] {
        let lines = model.articleLines
        let end = min(lines.count, model.articleTop + model.listHeight)
        guard model.articleTop < end else { return [] }
        return (model.articleTop..<end).map { index in
            let line = Self.fit([(lines[index], Self.unchanged)], width: width)
            return index == 0 ? style.bold(line) : line
        }
    }

    private func help() -> [String] {
        Self.keys.map { key, meaning in
            Self.fit(
                [
                    ("  " + key.padding(toLength: 18, withPad: " ", startingAt: 0), style.bold),
                    (meaning, Self.unchanged),
                ],
                width: width)
        }
    }

    /// Every key of the reader and what it does (also `docs/live.md`'s table).
    static let keys: [(String, String)] = [
        ("j ↓  k ↑", "next, previous item (in an article: scroll)"),
        ("PgDn Space  PgUp b", "a page down, up"),
        ("g Home  G End", "first, last item"),
        ("Enter", "read the item: its text, wrapped"),
        ("q Esc", "back to the list (in the list, q quits)"),
        ("o", "open the item's link in $BROWSER"),
        ("m", "mark the item read, or unread again"),
        ("A", "mark every item listed read"),
        ("s", "star the item, or unstar it"),
        ("/", "filter by title, source or author (Esc clears)"),
        ("n", "next unread item"),
        ("r", "refresh every source now"),
        ("S", "show every source's status, or fold it again"),
        ("?", "these keys (any key closes them)"),
    ]

    /// One line for every source, or a line each when expanded (`S`).
    private func footer() -> [String] {
        let unread = model.unreadCounts
        guard model.sourcesExpanded else {
            let parts = model.sources.map { source in
                Self.short(source) + (Self.counts(source, model) ? ", \(unread[source.status.id] ?? 0) unread" : "")
            }
            return [Self.fit([(parts.joined(separator: " · "), style.dim)], width: width)]
        }
        let lines = model.sources.map { source in
            let count = Self.counts(source, model) ? " · \(unread[source.status.id] ?? 0) unread" : ""
            return Self.fit([(LiveStatus.describe(source) + count, Self.unchanged)], width: width)
        }
        guard lines.count > model.footerHeight else { return lines }
        let more = " … \(lines.count - model.footerHeight + 1) more: widen the window"
        return Array(lines.prefix(model.footerHeight - 1)) + [Self.fit([(more, style.dim)], width: width)]
    }

    /// Whether the footer gives the source's unread count: with a store, for a source that runs.
    private static func counts(_ source: LiveSourceState, _ model: WatchModel) -> Bool {
        model.hasStore && source.status.state != .skipped
    }

    /// `g: ok`, `h: failed`, `d: disabled in feeds.json`: a source's state in a few words.
    static func short(_ source: LiveSourceState) -> String {
        let id = TextCleanup.singleLine(source.status.id)
        switch source.status.state {
        case _ where source.isRefreshing: return "\(id): refreshing…"
        case .ok: return "\(id): ok"
        case .failed: return "\(id): failed"
        case .skipped: return "\(id): " + TextCleanup.singleLine(source.status.message ?? "skipped")
        case .pending: return "\(id): waiting"
        }
    }

    private func keysLine() -> String {
        if model.mode == .filtering { return Self.fit([("/" + model.draft + "▏", Self.unchanged)], width: width) }
        if let message = model.message { return Self.fit([(message, style.yellow)], width: width) }
        guard model.mode == .article, let article = model.article else {
            let hint = "j/k move · Enter read · m read · s star · / filter · r refresh · S sources · ? keys · q quit"
            return Self.fit([(hint, style.dim)], width: width)
        }
        // The article's own marks first: the list's row for it is out of sight.
        var marks = model.hasStore ? (article.isRead ? "read" : "unread") : ""
        if article.isStarred { marks += " · starred" }
        let hint = "j/k scroll · o open · m read · s star · n next unread · q back · ? keys"
        return Self.fit([(marks.isEmpty ? "" : marks + " · ", style.bold), (hint, style.dim)], width: width)
    }

    typealias Paint = @Sendable (String) -> String

    /// Text left as it is.
    static let unchanged: Paint = { $0 }

    /// The pieces, each painted, cut where the line runs out of cells (the piece that
    /// overflows cut with `…`, the rest dropped).
    static func fit(_ pieces: [(String, Paint)], width: Int) -> String {
        var line = ""
        var room = width
        for (text, paint) in pieces where room > 0 && !text.isEmpty {
            let cut = DisplayWidth.fitting(text, in: room)
            line += paint(cut)
            room -= DisplayWidth.cells(cut)
            if cut != text { break }
        }
        return line
    }
}
