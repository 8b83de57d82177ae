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
