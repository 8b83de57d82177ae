import Foundation
import Hummingbird
import HummingbirdCore
import Tributary
import TributaryState

/// The query parameters of Miniflux's entry lists (`/v1/entries`, a feed's, a category's)
/// as a `SyncQuery`: `status` (repeatable), `starred`, `limit` (default 100), `offset`,
/// `order`, `direction`, `before`/`after` (Unix seconds), `published_before`/
/// `published_after`, `before_entry_id`/`after_entry_id`, `category_id`, `search`.
enum MinifluxEntryQuery {
    static let defaultLimit = 100

    /// The query over `feeds`, or the message of a 400 for a parameter Miniflux refuses.
    static func parse(_ parameters: FlatDictionary<Substring, Substring>, feeds: [Int64]) -> Result<
        StateStore.SyncQuery, Failure
    > {
        var query = StateStore.SyncQuery(feeds: feeds)
        let statuses = parameters.getAll("status").map { String($0) }
        for status in statuses where !["read", "unread", "removed"].contains(status) {
            return .failure(Failure("Invalid entry status: \(TextCleanup.singleLine(status))"))
        }
        let wanted = Set(statuses)
        if !wanted.isEmpty {
            switch (wanted.contains("unread"), wanted.contains("read")) {
            case (true, false): query.unread = true
            case (false, true): query.unread = false
            case (false, false): query.feeds = []  // only "removed": Tributary removes nothing
            case (true, true): break
            }
        }
        if let starred = parameters["starred"].map(String.init), !starred.isEmpty {
            query.starred = starred == "true" || starred == "1"
        }
        guard let limit = wholeNumber(parameters, "limit", default: defaultLimit),
            let offset = wholeNumber(parameters, "offset", default: 0)
        else { return .failure(Failure("Invalid limit or offset: both are whole numbers, 0 or more")) }
        query.limit = limit == 0 ? nil : limit
        query.offset = offset
        if let order = parameters["order"].map(String.init) {
            guard let known = StateStore.SyncOrder(rawValue: order) else {
                let accepted = StateStore.SyncOrder.allCases.map(\.rawValue).joined(separator: ", ")
                return .failure(Failure("Invalid order field: \(TextCleanup.singleLine(order)) (one of \(accepted))"))
            }
            query.order = known
        }
        if let direction = parameters["direction"].map(String.init) {
            guard direction == "asc" || direction == "desc" else {
                return .failure(Failure("Invalid direction value: \(TextCleanup.singleLine(direction))"))
            }
            query.descending = direction == "desc"
        }
        query.publishedBefore = (integer(parameters, "before") ?? integer(parameters, "published_before")).map(date)
        query.publishedAfter = (integer(parameters, "after") ?? integer(parameters, "published_after")).map(date)
        query.beforeEntryID = integer(parameters, "before_entry_id").map(Int64.init)
        query.afterEntryID = integer(parameters, "after_entry_id").map(Int64.init)
        if let search = parameters["search"].map(String.init), !search.isEmpty {
            query.search = ftsPhrases(search)
        }
        return .success(query)
    }

    struct Failure: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// The parameter's number; nil when absent or not a number.
    private static func integer(_ parameters: FlatDictionary<Substring, Substring>, _ name: String) -> Int? {
        parameters[Substring(name)].flatMap { Int(String($0)) }
    }

    /// The parameter's number, 0 or more, `default` when absent; nil when it is not one.
    private static func wholeNumber(
        _ parameters: FlatDictionary<Substring, Substring>, _ name: String, default value: Int
    ) -> Int? {
        guard let text = parameters[Substring(name)] else { return value }
        return Int(String(text)).flatMap { $0 >= 0 ? $0 : nil }
    }

    private static func date(_ seconds: Int) -> Date {
        Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Miniflux searches words, not a query language: each word becomes a quoted FTS5
    /// phrase, so that no text is an FTS5 syntax error.
    static func ftsPhrases(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
            .joined(separator: " ")
    }
}
