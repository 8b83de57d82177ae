import Foundation
import FoundationXML
import Tributary

/// Reads the subscription lists feed readers export (OPML 1.0 and 2.0): every `outline`
/// with an `xmlUrl` is a feed, and the outlines around it are its folders.
///
/// A file that is not well-formed XML (checked in full by `XMLFault`: cut short or with
/// more after the root is refused too) or has no `<opml>` root or `<body>` is refused.
/// Within one, an outline with no `xmlUrl` and nothing inside (an empty folder, a query
/// feed, a reader's settings) is left out, and so is one whose `xmlUrl` is not an http(s)
/// address (`FeedAddress`); the list names both by line.
public enum OPMLReader {
    /// The feeds of the OPML document `data`, and the outlines left out; `name` is used in messages.
    public static func read(_ data: Data, name: String) throws -> SubscriptionList {
        if let fault = XMLFault.first(in: data) {
            throw notWellFormed(name, line: fault.line, column: fault.column)
        }
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        let collector = OutlineCollector()
        parser.delegate = collector
        guard parser.parse() else {
            throw notWellFormed(name, line: parser.lineNumber, column: parser.columnNumber)
        }
        if !collector.sawRoot { throw invalid(name, "the root element is not <opml>") }
        if !collector.sawBody { throw invalid(name, "there is no <body> holding the outlines") }
        return collector.list
    }

    private static func notWellFormed(_ name: String, line: Int, column: Int) -> TributaryError {
        TributaryError(
            .invalidConfiguration,
            "\(name) is not well-formed XML (line \(line), column \(column)); nothing was imported")
    }

    private static func invalid(_ name: String, _ problem: String) -> TributaryError {
        TributaryError(
            .invalidConfiguration, "\(name) is not a usable OPML subscription list: \(problem); nothing was imported")
    }
}

/// The parser's delegate: collects feeds with their folders, and the outlines left out.
private final class OutlineCollector: NSObject, XMLParserDelegate {
    /// An open `outline`: its title, whether it is a feed, and whether anything is inside.
    struct Open {
        var title: String?
        var isFeed: Bool
        var hasChildren = false
        var line: Int
    }

    var list = SubscriptionList()
    var sawRoot = false
    var sawBody = false
    private var open: [Open] = []
    private var depth = 0

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        depth += 1
        if depth == 1 { sawRoot = name.lowercased() == "opml" }
        if depth == 2, name.lowercased() == "body" { sawBody = true }
        guard name == "outline" else { return }
        if !open.isEmpty { open[open.count - 1].hasChildren = true }
        let attributes = Dictionary(attributes.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        let title = [attributes["title"], attributes["text"]].compactMap { $0.map(TextCleanup.singleLine) }
            .first { !$0.isEmpty }
        let feedURL = attributes["xmlurl"].map(TextCleanup.trimmed) ?? ""
        open.append(Open(title: title, isFeed: !feedURL.isEmpty, line: parser.lineNumber))
        guard !feedURL.isEmpty else { return }
        if let reason = FeedAddress.problem(feedURL) {
            list.refused.append(RefusedOutline(line: parser.lineNumber, address: feedURL, reason: reason))
            return
        }
        let siteURL = attributes["htmlurl"].map(TextCleanup.trimmed).flatMap { $0.isEmpty ? nil : $0 }
        let folders = open.dropLast().filter { !$0.isFeed }.map { $0.title ?? "Untitled folder" }
        list.subscriptions.append(Subscription(title: title, feedURL: feedURL, siteURL: siteURL, folders: folders))
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        depth -= 1
        guard name == "outline", let outline = open.popLast() else { return }
        if !outline.isFeed && !outline.hasChildren { list.notFeeds.append(outline.line) }
    }
}
