import Foundation

/// The options every feeds.json entry takes, whatever its type; each default is written
/// here once. A source type that declares an option of the same name owns that key for
/// its entries (Stack Overflow's `tags` are tags to follow, not tags to add), except
/// `limit` and `baseURL`, which a type may redeclare to narrow or give a default.
public struct EntryOptions: SourceOptions, Sendable {
    /// How an entry's `include` and `exclude` are matched.
    public enum Match: String, Sendable, CaseIterable {
        /// Case-insensitive words, as the top-level `include` and `exclude`.
        case keywords
        /// ICU regular expressions (`NSRegularExpression`), case-insensitive.
        case regex
    }

    public var title: String?
    public var limit: Int?
    var enabled = true
    public var baseURL: URL?
    public var timeout: Duration?
    /// How often `watch` and `serve` refresh the entry; nil: their default (15 minutes).
    public var refresh: Duration?
    public var kind: ItemKind?
    public var tags: [String] = []
    public var include: [String] = []
    public var exclude: [String] = []
    public var match = Match.keywords
    /// The entry's own rules, tried on its items before the top-level ones.
    public var rules: [Rule] = []
    public var headers: [String: String] = [:]
    public var userAgent: String?
    public var username: String?
    public var password: Secret?
    /// Whether each new item's page is fetched and its article kept as the item's `content`.
    public var fullText = false
    /// At most this many pages are fetched per run for `fullText`; the rest come on later runs.
    public var fullTextPerRun = EntryOptions.defaultFullTextPerRun
    /// Where the article is on the entry's pages, when the extractor's heuristic is wrong.
    public var selector: String?

    public static let defaultFullTextPerRun = 20

    /// `selector` as parsed; nil when unset (feeds.json's reading refused one that does not parse).
    public var articleSelector: ElementSelector? {
        selector.flatMap { try? ElementSelector(parsing: $0) }
    }

    /// The options a type may redeclare while they keep their meaning for the entry.
    static let sharedWithTypes: Set<String> = ["limit", "baseURL"]

    public init() {}

    public static var fields: [OptionField<Self>] {
        [
            .string("title", \.title, "a display name for the source"),
            .integer("limit", \.limit, 0...100_000, "how many items to keep from this source (0: all)"),
            .boolean("enabled", \.enabled, "false leaves the entry out of runs"),
            .url("baseURL", \.baseURL, "the API root; points the source at a compatible or local server"),
            .duration("timeout", \.timeout, "this source's request deadline", default: "the run's timeout"),
            .duration("refresh", \.refresh, "how often `watch` and `serve` refresh the source", default: "15m"),
            .choice(
                "kind", \.kind, "what the items are, for layout (a photo blog's posts reach the gallery)",
                default: "the source's"),
            .strings("tags", \.tags, "tags added to every item (merged with its own, duplicates dropped)"),
            .strings(
                "include", \.include,
                "when not empty, an item must match one (title, summary, author or tags): a keep rule of its own"),
            .strings("exclude", \.exclude, "an item matching one is dropped: a drop rule tried first"),
            .choice("match", \.match, "keywords: case-insensitive words; regex: ICU regular expressions"),
            .rules("rules", \.rules, "rules tried on this entry's items before the top-level ones"),
            .stringMap("headers", \.headers, "HTTP headers sent with every request; values from ${VAR} are secrets"),
            .string("userAgent", \.userAgent, "the User-Agent sent instead of Tributary's"),
            .string("username", \.username, "HTTP Basic user name (with password)"),
            .secret(
                "password", \.password, variable: "FEED_PASSWORD",
                "HTTP Basic password; must be \"${VAR}\", never written out, never shown"),
            .boolean("fullText", \.fullText, "fetch each new item's page and keep its article as the item's content"),
            .integer(
                "fullTextPerRun", \.fullTextPerRun, 1...1_000, "at most this many pages fetched per run for fullText",
                default: "20"),
            .string(
                "selector", \.selector,
                "where the article is on the pages fullText fetches (CSS: article, .post-body, main > div.entry)"),
        ]
    }
}
