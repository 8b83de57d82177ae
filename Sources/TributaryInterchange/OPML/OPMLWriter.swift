import TributaryRendering

/// Writes a subscription list as OPML 2.0: each feed an `outline type="rss"` with
/// `text`, `title`, `xmlUrl` and `htmlUrl`, nested in one folder outline per entry of
/// `folders` (outermost first), folders in the order they first appear.
public struct OPMLWriter: Sendable {
    public let title: String

    public init(title: String) {
        self.title = title
    }

    public func render(_ subscriptions: [Subscription]) -> String {
        let root = Folder(name: "")
        for subscription in subscriptions { root.folder(at: subscription.folders).feeds.append(subscription) }
        let lines =
            [
                #"<?xml version="1.0" encoding="UTF-8"?>"#,
                #"<opml version="2.0">"#,
                "  <head>",
                "    <title>\(XMLText.escape(title))</title>",
                "  </head>",
                "  <body>",
            ] + outlines(of: root, indent: "    ") + ["  </body>", "</opml>"]
        return lines.joined(separator: "\n") + "\n"
    }

    private func outlines(of folder: Folder, indent: String) -> [String] {
        var lines = folder.feeds.map { indent + outline($0) }
        for child in folder.children {
            let name = XMLText.escape(child.name)
            lines.append(#"\#(indent)<outline text="\#(name)" title="\#(name)">"#)
            lines += outlines(of: child, indent: indent + "  ")
            lines.append(indent + "</outline>")
        }
        return lines
    }

    private func outline(_ subscription: Subscription) -> String {
        let title = XMLText.escape(subscription.title ?? subscription.feedURL)
        let feed = XMLText.escape(subscription.feedURL)
        let site = subscription.siteURL.map { #" htmlUrl="\#(XMLText.escape($0))""# } ?? ""
        return #"<outline type="rss" text="\#(title)" title="\#(title)" xmlUrl="\#(feed)"\#(site)/>"#
    }

    /// A folder of the tree being built: its feeds, then its subfolders.
    private final class Folder {
        let name: String
        var feeds: [Subscription] = []
        var children: [Folder] = []

        init(name: String) {
            self.name = name
        }

        /// The folder at `path` below this one, made when missing.
        func folder(at path: some Collection<String>) -> Folder {
            guard let first = path.first else { return self }
            if let child = children.first(where: { $0.name == first }) { return child.folder(at: path.dropFirst()) }
            let child = Folder(name: first)
            children.append(child)
            return child.folder(at: path.dropFirst())
        }
    }
}
