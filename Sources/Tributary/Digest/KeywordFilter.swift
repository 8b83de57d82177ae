/// Keeps or drops items by keywords matched case-insensitively against title,
/// summary and tags, as the Stack Overflow browser's search box filtered questions.
public struct KeywordFilter: Sendable {
    /// When not empty, an item must match at least one.
    public var include: [String]
    /// An item matching any of these is dropped.
    public var exclude: [String]
    /// Every one of these must match (`--grep`).
    var required: [String]

    public init(include: [String] = [], exclude: [String] = [], required: [String] = []) {
        self.include = include.map { $0.lowercased() }
        self.exclude = exclude.map { $0.lowercased() }
        self.required = required.map { $0.lowercased() }
    }

    func matches(_ item: FeedItem) -> Bool {
        if include.isEmpty && exclude.isEmpty && required.isEmpty { return true }
        let text = ([item.title, item.summary ?? ""] + item.tags).joined(separator: "\n").lowercased()
        if exclude.contains(where: text.contains) { return false }
        if !required.allSatisfy(text.contains) { return false }
        return include.isEmpty || include.contains(where: text.contains)
    }
}
