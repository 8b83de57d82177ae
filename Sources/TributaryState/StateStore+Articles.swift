import Foundation
import GRDB
import Tributary

/// The articles `fullText` entries fetched, kept per item so no page is fetched twice.
extension StateStore: ArticleMemory {
    public func articles(for sourceID: String, itemIDs: [String]) -> [String: StoredArticle] {
        let keys = Dictionary(itemIDs.map { (StoreKey.of($0), $0) }, uniquingKeysWith: { first, _ in first })
        let found = try? read { db in
            var found: [String: StoredArticle] = [:]
            let rows = try Row.fetchCursor(
                db.cachedStatement(
                    sql:
                        "SELECT idKey, content, failure, attempts, fetchedAt FROM article WHERE config = ? AND source = ?"
                ), arguments: [config, sourceID])
            while let row = try rows.next() {
                guard let itemID = keys[row[0]] else { continue }
                found[itemID] = StoredArticle(
                    content: row[1], failure: row[2], attempts: row[3],
                    fetchedAt: Date(timeIntervalSince1970: row[4]))
            }
            return found
        }
        return found ?? [:]
    }

    /// Writes at once, in one transaction: an article fetched is kept even when the run
    /// is stopped before it commits. A store that cannot be written costs a fetch next run.
    public func save(_ articles: [String: StoredArticle], for sourceID: String) {
        guard !articles.isEmpty else { return }
        try? write { db in
            let upsert = try db.cachedStatement(
                sql: """
                    INSERT OR REPLACE INTO article (config, source, idKey, content, failure, attempts, fetchedAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """)
            for (itemID, article) in articles {
                try upsert.execute(arguments: [
                    config, sourceID, StoreKey.of(itemID), article.content, article.failure, article.attempts,
                    article.fetchedAt.timeIntervalSince1970,
                ])
            }
        }
    }
}
