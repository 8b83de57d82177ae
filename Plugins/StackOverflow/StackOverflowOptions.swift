import Foundation
import Tributary

/// A `stackoverflow` entry's options; each default is the property's initial value.
struct StackOverflowOptions: SourceOptions {
    var tags: [String] = []
    var match = StackOverflowQuery.Match.all
    var sort = "activity"
    var unanswered = false
    var site = "stackoverflow"
    var limit = 30
    var maxPages = 3
    var key: Secret?
    var baseURL = URL(string: "https://api.stackexchange.com")!

    static var fields: [OptionField<Self>] {
        [
            .strings("tags", \.tags, "tags to follow; empty: the site's top questions"),
            .choice(
                "match", \.match,
                "all: questions with every tag (/2.3/questions, AND upstream; at most 5 tags, since upstream returns "
                    + "nothing for more); any: with at least one (/2.3/search, OR upstream)"),
            .choice(
                "sort", \.sort, among: StackOverflowQuery.sorts,
                "upstream order; /search and unanswered accept only activity, votes, creation"),
            .boolean(
                "unanswered", \.unanswered,
                "only questions with no answers (/2.3/questions/no-answers, or /2.3/search/advanced with match any)"),
            .string("site", \.site, "the Stack Exchange site (superuser, askubuntu, …)"),
            .integer(
                "limit", \.limit, 1...1000,
                "questions to fetch, over several pages when above 100 (pagesize at most 100, page by page)"),
            .integer(
                "maxPages", \.maxPages, 1...10,
                "the most requests one refresh makes while has_more is true; each counts against the daily quota"),
            .secret(
                "key", \.key, variable: "STACKEXCHANGE_KEY",
                "app key, sent as Authorization: Bearer; raises the daily quota from 300 to 10,000; unset: keyless"),
            .url("baseURL", \.baseURL, "the API root; requests go to {baseURL}/2.3/…"),
        ]
    }
}
