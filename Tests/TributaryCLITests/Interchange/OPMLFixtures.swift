import Foundation
import FoundationXML

/// OPML documents for the import and export tests, and a reader of the feeds and folders
/// an OPML file holds, independent of Tributary's own.
enum OPMLFixtures {
    /// An export of 50 feeds as a reader writes it: 10 at the top, the rest in folders
    /// two deep, titles with `&` and quotes, `htmlUrl`s on some.
    static func fiftyFeeds() -> String {
        var body: [String] = []
        func feed(_ number: Int) -> String {
            let site = number % 3 == 0 ? #" htmlUrl="https://site\#(number).example/""# : ""
            return #"<outline type="rss" text="Feed &amp; &quot;\#(number)&quot;" "#
                + #"xmlUrl="https://site\#(number).example/feed.xml?a=1&amp;b=2"\#(site)/>"#
        }
        body += (1...10).map(feed)
        body.append(#"<outline text="Tech" title="Tech">"#)
        body += (11...25).map(feed)
        body.append(#"<outline text="Linux &amp; BSD">"#)
        body += (26...35).map(feed)
        body += ["</outline>", "</outline>", #"<outline title="News">"#]
        body += (36...50).map(feed)
        body.append("</outline>")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0">
              <head><title>My subscriptions</title></head>
              <body>
            \(body.joined(separator: "\n"))
              </body>
            </opml>
            """
    }

    /// An export in the shape `newsboat -e` writes (OPML 1.0, one flat list): a query feed,
    /// which has no address of its own, is an outline with an empty `xmlUrl` (line 9).
    static let newsboat = """
        <?xml version="1.0"?>
        <opml version="1.0">
          <head>
            <title>newsboat - Exported Feeds</title>
          </head>
          <body>
            <outline type="rss" xmlUrl="https://lwn.example/headlines/rss" htmlUrl="https://lwn.example/" title="LWN.net"/>
            <outline type="rss" xmlUrl="https://blog.example/atom.xml" htmlUrl="https://blog.example/" title="A blog"/>
            <outline type="rss" xmlUrl="" htmlUrl="" title="Unread articles"/>
          </body>
        </opml>
        """

    /// An export in the shape RSSOwl writes (OPML 1.1, its own attributes in the `rssOwl`
    /// namespace): a bookmark set holding folders, two of them empty (lines 12 and 13).
    static let rssOwl = """
        <?xml version="1.0" encoding="UTF-8"?>
        <opml version="1.1" xmlns:rssOwl="http://www.rssowl.org">
          <head>
            <title>RSSOwl Subscriptions</title>
            <dateCreated>Tue, 01 Dec 2026 20:00:00 GMT</dateCreated>
          </head>
          <body>
            <outline text="My Feeds" rssOwl:isSet="true" rssOwl:id="1">
              <outline text="News" rssOwl:id="2">
                <outline text="Example News" title="Example News" type="rss" xmlUrl="https://news.example/rss" rssOwl:id="3"/>
              </outline>
              <outline text="Read later" rssOwl:id="4"/>
              <outline text="Podcasts" rssOwl:id="5"></outline>
              <outline text="Weather" type="rss" xmlUrl="https://weather.example/today.xml" rssOwl:id="6"/>
            </outline>
          </body>
        </opml>
        """

    /// An export in the shape Tiny Tiny RSS writes: feeds by category, then its settings as
    /// outlines with no address (`tt-rss-prefs`, `-labels`, `-filters`, lines 12 to 14).
    static let tinyTinyRSS = """
        <?xml version="1.0" encoding="utf-8"?>
        <opml version="1.0">
          <head>
            <dateCreated>Tue, 01 Dec 2026 20:00:00 +0000</dateCreated>
            <title>Tiny Tiny RSS Feed Export</title>
          </head>
          <body>
            <outline text="Linux">
              <outline type="rss" text="LWN.net" xmlUrl="https://lwn.example/headlines/rss" htmlUrl="https://lwn.example/"/>
            </outline>
            <outline type="rss" text="A blog" xmlUrl="https://blog.example/atom.xml" htmlUrl="https://blog.example/"/>
            <outline text="tt-rss-prefs" schema-version="140"/>
            <outline text="tt-rss-labels" schema-version="140"/>
            <outline text="tt-rss-filters" schema-version="140"/>
          </body>
        </opml>
        """

    /// One feed: its URL and its folder path ("Tech/Linux & BSD"; "" at the top).
    struct Placed: Hashable {
        let url: String
        let folders: String
    }

    /// Every outline with an `xmlUrl` in `data`, with its folder path.
    static func feeds(in data: Data) -> Set<Placed> {
        let reader = Collector()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        _ = parser.parse()
        return reader.placed
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var placed: Set<Placed> = []
        var stack: [String?] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            guard name == "outline" else { return }
            if let url = attributes["xmlUrl"] {
                placed.insert(Placed(url: url, folders: stack.compactMap { $0 }.joined(separator: "/")))
                stack.append(nil)
            } else {
                stack.append(attributes["title"] ?? attributes["text"])
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "outline" { stack.removeLast() }
        }
    }
}
