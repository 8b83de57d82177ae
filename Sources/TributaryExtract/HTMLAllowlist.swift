/// What cleaned article HTML may hold: the elements kept (each with the attributes it may
/// keep), the elements dropped with their content, and the link schemes allowed. An
/// element in neither list is unwrapped: its content stays, the tag goes.
enum HTMLAllowlist {
    static let attributes: [String: Set<String>] = [
        "a": ["href", "title"], "img": ["src", "alt", "title", "width", "height"], "abbr": ["title"],
        "time": ["datetime"], "ol": ["start"], "td": ["colspan", "rowspan"], "th": ["colspan", "rowspan", "scope"],
        "p": [], "br": [], "hr": [], "h1": [], "h2": [], "h3": [], "h4": [], "h5": [], "h6": [], "blockquote": [],
        "pre": [], "code": [], "em": [], "strong": [], "b": [], "i": [], "u": [], "s": [], "del": [], "ins": [],
        "sub": [], "sup": [], "small": [], "mark": [], "cite": [], "q": [], "dfn": [], "kbd": [], "samp": [],
        "var": [], "ul": [], "li": [], "dl": [], "dt": [], "dd": [], "table": [], "caption": [], "thead": [],
        "tbody": [], "tfoot": [], "tr": [], "figure": [], "figcaption": [], "div": [],
    ]

    /// Dropped with everything inside: active content, embedded documents, forms' controls, media players.
    static let dropped: Set<String> = ElementPatterns.neverContent.union([
        "video", "audio", "source", "track", "map", "area", "title", "base", "applet", "param", "portal", "form",
    ])

    /// Void elements, written without a closing tag.
    static let void: Set<String> = ["br", "hr", "img"]

    static let linkSchemes: Set<String> = ["http", "https", "mailto"]
    static let imageSchemes: Set<String> = ["http", "https"]

    /// Attributes pages use for the real address of a lazily loaded image.
    static let lazyImageSources = ["data-src", "data-lazy-src", "data-original", "data-url"]
}

extension HTMLAllowlist {
    /// What the writer does with an element: one look-up instead of one per list.
    enum Rule {
        /// Left out with its content.
        case dropped
        /// Its content written, its tag not.
        case unwrapped
        /// Written as `name` (sectioning elements as `div`) with the attributes allowed.
        case kept(name: String, attributes: Set<String>, isVoid: Bool)
    }

    /// Sectioning elements, written as `div`.
    static let writtenAsDiv: Set<String> = ["section", "article", "main", "header"]

    static let rules: [String: Rule] = {
        var rules: [String: Rule] = [:]
        for (name, allowed) in attributes {
            rules[name] = .kept(name: name, attributes: allowed, isVoid: void.contains(name))
        }
        for name in writtenAsDiv { rules[name] = rules["div"] }
        for name in dropped { rules[name] = .dropped }
        return rules
    }()

    static func rule(for name: String) -> Rule { rules[name] ?? .unwrapped }
}
