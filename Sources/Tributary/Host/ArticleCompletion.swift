import Foundation

/// Fills in a source's items with their full articles (`FeedItem.content`), for entries
/// that set `fullText`. The host hands it each such source's items once the source has
/// finished, and shows what it returns; TributaryExtract's `FullTextCompletion` is the one
/// the commands use (the core knows no HTML).
public protocol ArticleCompletion: Sendable {
    /// `items` with `content` set where it is kept from an earlier run or could be fetched
    /// now through `http`, a note for the source's status line, and one diagnostic per
    /// page that failed, saying why.
    func complete(_ items: [FeedItem], of entry: SourceEntry, using http: HTTPClient) async -> CompletedItems
}

/// What the full-text step made of a source's items.
public struct CompletedItems: Sendable {
    public var items: [FeedItem]
    /// For the status line: how many items have their article ("10 of 12 in full").
    public var note: String?
    public var diagnostics: [String]

    public init(items: [FeedItem], note: String?, diagnostics: [String]) {
        self.items = items
        self.note = note
        self.diagnostics = diagnostics
    }
}

/// What a run learnt of one item's page, kept so that no page is fetched twice.
public struct StoredArticle: Sendable, Equatable {
    /// The article as cleaned HTML; nil when the page failed.
    public var content: String?
    /// Why the page gave no article, when it did not.
    public var failure: String?
    /// How many runs have tried the page.
    public var attempts: Int
    public var fetchedAt: Date

    public init(content: String?, failure: String? = nil, attempts: Int = 1, fetchedAt: Date) {
        self.content = content
        self.failure = failure
        self.attempts = attempts
        self.fetchedAt = fetchedAt
    }
}

/// Where articles are kept between runs (the state store).
public protocol ArticleMemory: Sendable {
    /// What is kept of the source's items' pages, keyed by item id; items never tried are absent.
    func articles(for sourceID: String, itemIDs: [String]) -> [String: StoredArticle]
    /// Keeps what a run learnt of these items' pages, keyed by item id.
    func save(_ articles: [String: StoredArticle], for sourceID: String)
}
