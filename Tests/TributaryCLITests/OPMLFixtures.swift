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
