import Tributary

/// What the report shows of an item's text, each piece once: the summary without the title
/// it repeats (X and Mastodon posts carry the same text in both), and a Hacker News RSS
/// description (`Article URL: … Comments URL: … Points: … # Comments: …`) as a score and
/// a comments link instead of text.
struct ItemText: Sendable {
    var summary: String?
    var score: Double?
    /// An http or https link to the discussion, and its label ("103 comments").
    var commentsURL: String?
    var commentsLabel: String?

    init(_ item: FeedItem) {
        score = item.score
        guard let summary = item.summary else { return }
        if let listing = HackerNewsListing(summary) {
            score = score ?? listing.points
            commentsURL = WebURL.string(listing.commentsURL)
            commentsLabel = listing.comments.map { $0 == 1 ? "1 comment" : "\($0) comments" } ?? "comments"
            self.summary = Self.unrepeated(listing.text, title: item.title)
        } else {
            self.summary = Self.unrepeated(summary, title: item.title)
        }
    }

    /// `summary` without the title it repeats: nil when it says only the title, the rest
    /// (after an ellipsis when the title was cut) when it starts with it.
    static func unrepeated(_ summary: String, title: String) -> String? {
        // Most summaries do not start with their title's first word: leave those as they are,
        // uncopied (collapsing every summary's white space was 2% of a large report).
        let start = summary.drop(while: Self.isWhitespace)
        guard !start.isEmpty else { return nil }
        let cut = title.hasSuffix("…")
        let firstWord = (cut ? title.dropLast() : title[...]).drop(while: Self.isWhitespace).prefix {
            !Self.isWhitespace($0)
        }
        guard !firstWord.isEmpty, start.hasPrefix(firstWord) else { return summary }
        let text = collapsed(summary)
        let stem = collapsed(cut ? String(title.dropLast()) : title)
        guard !stem.isEmpty, text.hasPrefix(stem) else { return summary }
        var rest = text.dropFirst(stem.count)
        if let next = rest.first, next.isLetter || next.isNumber {
            // "Swift" does not repeat in "Swiftly"; a title cut mid-word gives back the whole word.
            guard cut, let space = stem.lastIndex(where: Self.isWhitespace) else { return summary }
            rest = text.dropFirst(stem.distance(from: stem.startIndex, to: space) + 1)
        }
        rest = rest.drop { Self.isWhitespace($0) || ":-–—|".contains($0) }
        guard !rest.isEmpty else { return nil }
        return (cut ? "…" : "") + rest
    }

    /// The text with runs of white space as single spaces, trimmed.
    private static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: isWhitespace).joined(separator: " ")
    }

    /// `Character.isWhitespace`, answered for ASCII without Unicode's tables (asking them for
    /// every summary's first characters was half of this type's time in a large report).
    private static func isWhitespace(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return character.isWhitespace }
        return ascii == 0x20 || (0x09...0x0D).contains(ascii)
    }
}

/// The parts of a description in hnrss.org's layout: any text the post has, then the
/// article and comments links, the points and the number of comments.
struct HackerNewsListing: Sendable {
    var text: String
    var commentsURL: String
    var points: Double?
    var comments: Int?

    /// The listing, or nil when `summary` does not end in hnrss.org's fields.
    init?(_ summary: String) {
        // Most summaries are not listings: look for the regex's work only where it can match.
        guard summary.last?.isNumber == true, summary.contains("# Comments:") else { return nil }
        let fields = #/(?:Article URL:\s*(\S+)\s+)?Comments URL:\s*(\S+)\s+Points:\s*(\d+)\s+#\s*Comments:\s*(\d+)\s*$/#
        guard let match = summary.firstMatch(of: fields) else { return nil }
        text = String(summary[..<match.range.lowerBound])
        commentsURL = String(match.output.2)
        points = Double(match.output.3)
        comments = Int(match.output.4)
    }
}
