/// The word lists the extractor matches `class` and `id` values and element names
/// against; the lists are Mozilla Readability's (Readability.js, `REGEXPS`), matched as
/// substrings of the lower-cased `class id` string.
enum ElementPatterns {
    static let unlikely: WordList = [
        "-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community", "cover-wrap", "disqus", "extra",
        "footer", "gdpr", "header", "legends", "menu", "related", "remark", "replies", "rss", "shoutbox", "sidebar",
        "skyscraper", "social", "sponsor", "supplemental", "ad-break", "agegate", "pagination", "pager", "popup",
        "yom-remote",
    ]
    static let maybeCandidate: WordList = ["and", "article", "body", "column", "content", "main", "mathjax", "shadow"]
    static let positive: WordList = [
        "article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "pagination", "post", "text",
        "blog", "story",
    ]
    static let negative: WordList = [
        "-ad-", "hidden", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr", "masthead", "media",
        "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar", "skyscraper", "sponsor",
        "shopping", "tags", "widget",
    ]
    static let byline: WordList = ["byline", "author", "dateline", "writtenby", "p-author"]
    /// `hid` as a whole word, which Readability's negative pattern also names.
    static let hidden = WordList(wholeWord: "hid")
    static let unlikelyRoles: Set<String> = [
        "menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog",
    ]

    /// Elements dropped with everything in them before anything is scored.
    static let neverContent: Set<String> = [
        "script", "style", "noscript", "template", "link", "meta", "iframe", "frame", "frameset", "object", "embed",
        "svg", "math", "canvas", "button", "input", "select", "textarea", "dialog", "nav", "head",
    ]
    /// Elements whose paragraphs are scored (Readability's `DEFAULT_TAGS_TO_SCORE`).
    static let scored: Set<String> = ["section", "h2", "h3", "h4", "h5", "h6", "p", "td", "pre"]
    /// A `div` holding none of these is read as a paragraph.
    static let blocks: Set<String> = ["blockquote", "dl", "div", "img", "ol", "p", "pre", "table", "ul"]
    static let phrasing: Set<String> = [
        "abbr", "audio", "b", "bdo", "br", "button", "cite", "code", "data", "datalist", "dfn", "em", "embed", "i",
        "img", "input", "kbd", "label", "mark", "math", "meter", "noscript", "object", "output", "progress", "q",
        "ruby", "samp", "script", "select", "small", "span", "strong", "sub", "sup", "textarea", "time", "var", "wbr",
    ]
    static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]

    /// The `class` and `id` of an element, ASCII lower-cased, as the bytes of one string.
    static func classAndID(_ node: PageTree.Node) -> [UInt8] {
        lowercased((node.attribute("class") ?? "") + " " + (node.attribute("id") ?? ""))
    }

    static func lowercased(_ text: String) -> [UInt8] {
        text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
    }

    /// Readability's class weight: -25 for a negative `class`, +25 for a positive one, the same for `id`.
    static func classWeight(_ node: PageTree.Node) -> Double {
        var weight = 0.0
        for value in [node.attribute("class"), node.attribute("id")] {
            guard let value, !value.isEmpty else { continue }
            let bytes = lowercased(value)
            if negative.matches(bytes) || hidden.matches(bytes) { weight -= 25 }
            if positive.matches(bytes) { weight += 25 }
        }
        return weight
    }
}

/// Words looked for as substrings of ASCII-lower-cased bytes (Foundation's `contains` is
/// a locale-aware search, many times slower).
struct WordList: ExpressibleByArrayLiteral {
    let words: [[UInt8]]
    var wholeWord = false

    init(arrayLiteral words: String...) {
        self.words = words.map { Array($0.utf8) }
    }

    init(wholeWord word: String) {
        words = [Array(word.utf8)]
        wholeWord = true
    }

    func matches(_ text: [UInt8]) -> Bool {
        guard !text.isEmpty else { return false }
        if wholeWord { return text.split(separator: 0x20).contains { Array($0) == words[0] } }
        return words.contains { word in Self.contains(text, word) }
    }

    private static func contains(_ text: [UInt8], _ word: [UInt8]) -> Bool {
        guard word.count <= text.count, let first = word.first else { return false }
        var start = 0
        while start + word.count <= text.count {
            if text[start] == first {
                var offset = 1
                while offset < word.count && text[start + offset] == word[offset] { offset += 1 }
                if offset == word.count { return true }
            }
            start += 1
        }
        return false
    }
}
