import Tributary

/// The error for a document whose root element is no feed Tributary reads, naming what
/// was found: a known other format by name, else the element and its namespace.
enum FeedRootRefusal {
    static func error(name: String, namespace: String?) -> TributaryError {
        let root = "<\(TextCleanup.singleLine(name))>"
        let namespace = namespace.map(TextCleanup.singleLine).flatMap { $0.isEmpty ? nil : $0 }
        let found = namespace.map { "root element \(root) in namespace \($0)" } ?? "root element \(root)"
        if name.lowercased() == "opml" {
            return TributaryError(
                .badResponse,
                "the document is an OPML outline (\(found)), a list of feeds rather than a feed: add its feeds one "
                    + "by one"
            )
        }
        if let format = namespace.flatMap({ unreadFormats[$0.lowercased()] }) {
            return TributaryError(.badResponse, "the document is \(format) (\(found)), which Tributary does not read")
        }
        let what = namespace.map { "\(root) in namespace \($0)" } ?? root
        return TributaryError(.badResponse, "the document's root element is \(what), not an RSS, RDF or Atom feed")
    }

    /// Feed formats that are recognised but not read, by namespace.
    private static let unreadFormats = [
        "http://purl.org/net/rss1.1#": "RSS 1.1",
        "http://www.w3.org/2007/app": "an Atom Publishing Protocol document",
    ]
}
