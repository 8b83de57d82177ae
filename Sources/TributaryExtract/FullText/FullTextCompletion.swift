import Foundation
import Tributary

/// Fetches the articles of a `fullText` entry's items: each item's page once, through
/// the run's client (its caches, recording, caps and redirect guard), newest items first,
/// at most `fullTextPerRun` a run; what it learns is kept in `memory`, so a later run
/// shows the kept article and fetches only pages it has not tried. A page that failed is
/// tried again on later runs, `maxAttempts` times in all; its item keeps its summary.
public struct FullTextCompletion: ArticleCompletion {
    /// How many runs try a page that fails before it is given up.
    public static let maxAttempts = 3
    /// Pages fetched at once per source (the transport also caps connections per host).
    static let pagesAtOnce = 4

    let memory: (any ArticleMemory)?
    let extractor: ArticleExtractor

    /// A completion keeping what it learns in `memory` (nil: nothing is kept; every run fetches).
    public init(memory: (any ArticleMemory)?, extractor: ArticleExtractor = ArticleExtractor()) {
        self.memory = memory
        self.extractor = extractor
    }

    public func complete(_ items: [FeedItem], of entry: SourceEntry, using http: HTTPClient) async -> CompletedItems {
        var items = items
        let kept = memory?.articles(for: entry.id, itemIDs: items.map(\.id)) ?? [:]
        var due: [Int] = []
        for index in items.indices {
            if let article = kept[items[index].id] {
                if let content = article.content {
                    items[index].content = content
                    continue
                }
                if article.attempts >= Self.maxAttempts { continue }
            }
            if items[index].url.map(PageAddress.isWebPage) == true { due.append(index) }
        }
        let newestFirst = due.sorted { (items[$0].published ?? .distantPast) > (items[$1].published ?? .distantPast) }
        let chosen = Array(newestFirst.prefix(entry.common.fullTextPerRun))
        let pages = PageFetch(http: http, extractor: extractor, selector: entry.common.articleSelector, entry: entry)
        let results = await pages.articles(at: chosen.map { items[$0].url! }, atOnce: Self.pagesAtOnce)
        var learnt: [String: StoredArticle] = [:]
        var diagnostics: [String] = []
        let now = http.clock.now()
        for (index, result) in zip(chosen, results) {
            let attempts = (kept[items[index].id]?.attempts ?? 0) + 1
            switch result {
            case .success(let html):
                items[index].content = html
                learnt[items[index].id] = StoredArticle(content: html, attempts: attempts, fetchedAt: now)
            case .failure(let failure):
                learnt[items[index].id] = StoredArticle(
                    content: nil, failure: failure.reason, attempts: attempts, fetchedAt: now)
                diagnostics.append("full text of \(items[index].urlString ?? ""): \(failure.reason)")
            }
        }
        memory?.save(learnt, for: entry.id)
        if newestFirst.count > chosen.count {
            diagnostics.append(
                "full text: \(newestFirst.count - chosen.count) more pages wait for later runs "
                    + "(fullTextPerRun is \(entry.common.fullTextPerRun))")
        }
        let whole = items.count { $0.content != nil }
        let note = items.isEmpty ? nil : "\(whole) of \(items.count) in full"
        return CompletedItems(items: items, note: note, diagnostics: diagnostics)
    }
}
