import Foundation
import Tributary

/// Maps Mastodon statuses to digest items. Pure.
enum MastodonMapping {
    static let maxTitleLength = 120

    /// A status as an item: a boost shows the boosted status, noting who boosted it.
    /// Unless `showSensitive`, a status with a content warning shows only the warning, and
    /// one marked `sensitive` (which in Mastodon hides the media, not the text) shows its
    /// text without its media.
    static func item(_ status: MastodonAPI.Status, showSensitive: Bool) -> FeedItem {
        let shown = status.reblog?.value ?? status
        let booster = status.reblog == nil ? nil : status.account.map(author)
        let hidden = hasContentWarning(shown) && !showSensitive
        let mediaHidden = (hidden || shown.sensitive == true) && !showSensitive
        let text = TextCleanup.plainText(fromHTML: shown.content ?? "")
        let image = mediaHidden ? nil : shown.media_attachments?.first { $0.type == "image" && $0.url != nil }
        var item = FeedItem(
            id: shown.id, source: "", sourceType: MastodonSource.type, kind: image == nil ? .post : .photo,
            title: hidden ? warning(shown) : title(shown, text: text),
            url: link(shown),
            author: shown.account.map(author),
            published: shown.created_at.flatMap(ISO8601Date.parse),
            score: Double((shown.favourites_count ?? 0) + (shown.reblogs_count ?? 0)),
            summary: summary(hidden ? nil : text, booster: booster),
            thumbnail: image?.preview_url.flatMap(URL.init(string:)),
            image: image?.url.flatMap(URL.init(string:)),
            tags: (shown.tags ?? []).map(\.name)
        )
        if item.thumbnail == nil { item.thumbnail = item.image }
        return item
    }

    /// Whether the author put the status behind a content warning (`spoiler_text`).
    static func hasContentWarning(_ status: MastodonAPI.Status) -> Bool {
        !TextCleanup.singleLine(status.spoiler_text ?? "").isEmpty
    }

    /// "CW: <spoiler text>".
    static func warning(_ status: MastodonAPI.Status) -> String {
        "CW: " + TextCleanup.singleLine(status.spoiler_text ?? "")
    }

    /// The first line (up to the first `</p>` or `<br>`) or 120 characters; for a
    /// status without text, its first image description or "(no text)".
    static func title(_ status: MastodonAPI.Status, text: String) -> String {
        let firstLine = TextCleanup.plainText(fromHTML: firstLineHTML(status.content ?? ""))
        let line = firstLine.isEmpty ? text : firstLine
        guard line.isEmpty else { return TextCleanup.truncate(line, to: maxTitleLength) }
        let alt = status.media_attachments?.compactMap(\.description).map(TextCleanup.singleLine).first { !$0.isEmpty }
        return alt.map { TextCleanup.truncate($0, to: maxTitleLength) } ?? "(no text)"
    }

    /// The HTML before the first paragraph end or line break.
    static func firstLineHTML(_ html: String) -> String {
        let ends = ["</p>", "<br"].compactMap { html.range(of: $0, options: .caseInsensitive)?.lowerBound }
        return ends.min().map { String(html[..<$0]) } ?? html
    }

    /// "Display Name (@acct)", or "@acct" when the display name is empty.
    static func author(_ account: MastodonAPI.Account) -> String {
        let acct = "@" + (account.acct ?? account.username ?? account.id)
        let name = TextCleanup.singleLine(account.display_name ?? "")
        return name.isEmpty ? acct : "\(name) (\(acct))"
    }

    static func link(_ status: MastodonAPI.Status) -> URL? {
        [status.url, status.uri].compactMap { $0 }.first(where: WebAddress.isWeb).flatMap(URL.init(string:))
    }

    /// The full text, after "Boosted by …" for a boost.
    static func summary(_ text: String?, booster: String?) -> String? {
        let parts = [booster.map { "Boosted by \($0)" }, text].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
