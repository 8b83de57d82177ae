extension Renderer {
    /// Every output format, in the order `--format`'s help lists them. A new format is
    /// its file (with its `static let`), its test, and one line here.
    public static let all: [Renderer] = [
        .text,
        .json,
        .markdown,
        .atom,
        .rss,
        .jsonFeed,
    ]

    /// The format `--format` calls `name`, if there is one.
    public static func named(_ name: String) -> Renderer? {
        all.first { $0.name == name }
    }
}
