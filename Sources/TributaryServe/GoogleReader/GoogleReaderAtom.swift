import Foundation
import Tributary
import TributaryRendering
import TributaryState

/// `/reader/atom/{streamId}`: a stream as Google Reader's Atom feed. Each entry's id is
/// the item's long id, and its read state a `category` in Google's scheme (label `read`,
/// else `fresh`), which newsboat's FeedHQ backend reads to keep its read marks in step;
/// `gr:continuation` names the next page.
enum GoogleReaderAtom {
    static let scheme = "http://www.google.com/reader/"

    struct Stream {
        var id: String
        var title: String
        var htmlURL: String?
        var updated: Date
        var continuation: String?
    }

    static func document(_ stream: Stream, entries: [(StateStore.SyncEntry, SyncCatalog.Feed)]) -> String {
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:gr="http://www.google.com/schemas/reader/atom/">
            <generator>Tributary</generator>
            <id>tag:google.com,2005:reader/\(XMLText.escape(stream.id))</id>
            <title>\(XMLText.escape(stream.title))</title>
            <updated>\(ISO8601Date.format(stream.updated))</updated>

            """
        if let link = stream.htmlURL {
            xml += #"<link rel="alternate" type="text/html" href="\#(XMLText.escape(link))"/>"# + "\n"
        }
        if let next = stream.continuation { xml += "<gr:continuation>\(XMLText.escape(next))</gr:continuation>\n" }
        for (entry, feed) in entries { xml += self.entry(entry, feed: feed) }
        return xml + "</feed>\n"
    }

    static func entry(_ entry: StateStore.SyncEntry, feed: SyncCatalog.Feed) -> String {
        let item = entry.item
        var xml = """
            <entry gr:crawl-timestamp-msec="\(GoogleReaderShapes.milliseconds(entry.firstSeen))">
            <id gr:original-id="\(XMLText.escape(item.id))">\(GoogleReaderItemID.long(entry.id))</id>
            <title type="text">\(XMLText.escape(item.title))</title>
            <published>\(ISO8601Date.format(entry.published))</published>
            <updated>\(ISO8601Date.format(entry.published))</updated>

            """
        // The states only: newsboat reads a category labelled `read` as the read state, and a
        // feed's label may be any word.
        for category in GoogleReaderShapes.categories(entry, feed: feed) where category.contains("/state/") {
            let label = category.split(separator: "/").last.map(String.init) ?? category
            xml +=
                #"<category term="\#(XMLText.escape(category))" scheme="\#(scheme)" label="\#(XMLText.escape(label))"/>"#
            xml += "\n"
        }
        if entry.readAt == nil {
            xml += #"<category term="user/-/state/com.google/fresh" scheme="\#(scheme)" label="fresh"/>"# + "\n"
        }
        if let link = item.urlString {
            xml += #"<link rel="alternate" type="text/html" href="\#(XMLText.escape(link))"/>"# + "\n"
        }
        if let author = item.author, !author.isEmpty {
            xml += "<author><name>\(XMLText.escape(author))</name></author>\n"
        }
        xml += #"<content type="html">\#(XMLText.escape(GoogleReaderShapes.content(of: item)))</content>"# + "\n"
        xml +=
            #"<source gr:stream-id="\#(GoogleReaderStream.feedID(feed.id))"><title>\#(XMLText.escape(feed.title))</title>"#
        if let link = feed.address { xml += #"<link rel="alternate" href="\#(XMLText.escape(link))"/>"# }
        return xml + "</source>\n</entry>\n"
    }
}
