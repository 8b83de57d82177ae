import Foundation
import Tributary

/// Which API method and parameters an entry's options call for.
struct StackOverflowQuery: Sendable {
    enum Match: String, Sendable, CaseIterable { case all, any }

    static let sorts = ["activity", "votes", "creation", "hot", "week", "month"]
    /// `/search`, `/search/advanced` and `/questions/no-answers` accept only these sorts.
    static let narrowSorts = ["activity", "votes", "creation"]
    static let maxTagsForAll = 5

    var tags: [String]
    var match: Match
    var sort: String
    var unanswered: Bool
    var site: String
    var pageSize: Int

    init(_ options: StackOverflowOptions) {
        tags = options.tags
        match = options.match
        sort = options.sort
        unanswered = options.unanswered
        site = options.site
        pageSize = PageSize.even(for: options.limit, maximum: 100)
    }

    /// The method path under `/2.3`: OR across tags needs `/search`, AND uses `/questions`.
    var method: String {
        switch (unanswered, match == .any && !tags.isEmpty) {
        case (false, false): "questions"
        case (false, true): "search"
        case (true, false): "questions/no-answers"
        case (true, true): "search/advanced"
        }
    }

    /// A message when the combination cannot work upstream, naming the option to change.
    func problem() -> (key: String, message: String)? {
        if match == .all && tags.count > Self.maxTagsForAll {
            return (
                "tags",
                "at most \(Self.maxTagsForAll) tags with \"match\": \"all\" (Stack Exchange returns nothing for "
                    + "more); remove some or use \"match\": \"any\""
            )
        }
        if method != "questions" && !Self.narrowSorts.contains(sort) {
            return (
                "sort",
                "\"\(sort)\" is not accepted by /2.3/\(method); use one of \"activity\", \"votes\", \"creation\""
            )
        }
        return nil
    }

    /// The date parameter that asks only for questions after a cursor (Unix seconds):
    /// `fromdate` filters on creation, `min` on the sort field (activity); nil for other sorts.
    var incrementalParameter: String? {
        switch sort {
        case "creation": "fromdate"
        case "activity": "min"
        default: nil
        }
    }

    /// The questions' date the cursor follows, for `incrementalParameter`.
    func cursorDate(_ question: StackOverflowAPI.Question) -> Int? {
        sort == "creation" ? question.creation_date : question.last_activity_date
    }

    var parameters: [(String, String)] {
        var query = [("order", "desc"), ("sort", sort)]
        if !tags.isEmpty { query.append(("tagged", tags.joined(separator: ";"))) }
        if method == "search/advanced" { query.append(("answers", "0")) }
        query += [("site", site), ("pagesize", String(pageSize)), ("filter", "default")]
        return query
    }
}
