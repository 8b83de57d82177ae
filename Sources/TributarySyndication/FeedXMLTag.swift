/// XML namespaces a feed reader cares about, matched by URI (in any case, as the iTunes
/// namespace is spelled both `…/dtds/podcast-1.0.dtd` and `…/DTDs/Podcast-1.0.dtd`).
enum FeedNamespace {
    case plain, atom, dc, dcterms, content, media, itunes, rank, rdf, xhtml, xml, other

    init(uri: String?) {
        guard let uri else {
            self = .plain
            return
        }
        self = Self.known[uri.lowercased()] ?? .other
    }

    private static let known: [String: FeedNamespace] = [
        "": .plain,
        // RSS 0.90, 1.0, UserLand's 0.91 and 2.0, the Harvard-hosted 2.0, the RSS 0.91 module
        "http://my.netscape.com/rdf/simple/0.9/": .plain, "http://purl.org/rss/1.0/": .plain,
        "http://backend.userland.com/rss": .plain, "http://backend.userland.com/rss2": .plain,
        "http://blogs.law.harvard.edu/tech/rss": .plain, "http://purl.org/rss/1.0/modules/rss091#": .plain,
        "http://www.w3.org/2005/atom": .atom, "http://purl.org/atom/ns#": .atom,
        "http://purl.org/dc/elements/1.1/": .dc, "http://purl.org/dc/terms/": .dcterms,
        "http://purl.org/rss/1.0/modules/content/": .content,
        "http://search.yahoo.com/mrss/": .media, "http://search.yahoo.com/mrss": .media,
        "http://www.itunes.com/dtds/podcast-1.0.dtd": .itunes, "http://example.com/dtds/podcast-1.0.dtd": .itunes,
        "http://purl.org/atompub/rank/1.0": .rank,
        "http://www.w3.org/1999/02/22-rdf-syntax-ns#": .rdf,
        "http://www.w3.org/1999/xhtml": .xhtml,
        "http://www.w3.org/xml/1998/namespace": .xml,
    ]
}

/// How names in no namespace read: as RSS's (the default), Atom's or CDF's.
enum FeedPlainNames {
    case rss, atom, cdf
}

/// The elements a feed reader acts on, by namespace and local name.
enum FeedXMLTag {
    case rss, rdf, atomFeed, cdfChannel, html
    case item, entry, atomSource
    case title, dcTitle, link, atomLink, guid, atomID
    case pubDate, dcDate, published, updated, created
    case rssAuthor, dcCreator, itunesAuthor, atomAuthor, atomName, sourceAuthor
    case description, atomSummary, contentEncoded, atomContent, otherSummary
    case rssCategory, atomCategory, dcSubject, mediaCategory, itunesKeywords
    case mediaThumbnail, mediaContent, enclosure, itunesImage, itunesLink, itunesCategory, itunesDuration, rank, img
    case xhtmlBlock
    /// An RSS item's full content as XHTML: `xhtml:body`, or `body` in no namespace.
    case xhtmlBody
    /// XHTML `script` and `style`: their text is code, never shown.
    case xhtmlHidden
    case generator, other

    init(namespace: FeedNamespace, name: String) {
        switch namespace {
        case .plain: self = Self.plain[name] ?? Self.plainMarkup(name)
        case .atom: self = Self.atom[name] ?? .other
        case .dc: self = Self.dc[name] ?? .other
        case .dcterms: self = Self.dcterms[name] ?? .other
        case .content: self = name == "encoded" ? .contentEncoded : .other
        case .media: self = Self.media[name] ?? .other
        case .itunes: self = Self.itunes[name] ?? .other
        case .rank: self = name == "rank" ? .rank : .other
        case .rdf: self = name == "RDF" ? .rdf : .other
        case .xhtml:
            self = name == "body" ? .xhtmlBody : Self.markup(name)
        case .xml, .other: self = .other
        }
    }

    /// An XHTML element inside captured content: an image, a block, code, or other markup.
    private static func markup(_ name: String) -> FeedXMLTag {
        if name == "script" || name == "style" { return .xhtmlHidden }
        return name == "img" ? .img : name == "html" ? .html : blocks.contains(name) ? .xhtmlBlock : .other
    }

    /// A name in no namespace that is no RSS element: HTML written into an RSS item
    /// without the XHTML namespace reads as XHTML (`HTML` in any case is a web page's root).
    private static func plainMarkup(_ name: String) -> FeedXMLTag {
        name.lowercased() == "html" ? .html : markup(name)
    }

    /// The tag of a name in no namespace, in a document whose root says how such names
    /// read: an Atom `<feed>` without the Atom namespace (as Atom), CDF's `<CHANNEL>` (as CDF).
    init(plainName name: String, as names: FeedPlainNames) {
        switch names {
        case .rss: self.init(namespace: .plain, name: name)
        case .atom: self = Self.atom[name] ?? .other
        case .cdf: self = Self.cdf[name] ?? .other
        }
    }

    private static let plain: [String: FeedXMLTag] = [
        "rss": .rss, "feed": .atomFeed, "item": .item, "title": .title, "link": .link, "guid": .guid,
        "pubDate": .pubDate, "author": .rssAuthor, "description": .description, "category": .rssCategory,
        "enclosure": .enclosure, "generator": .generator, "img": .img, "HTML": .html,
        // Full content in an item: `body` as XHTML, `fullitem` as escaped HTML (like `content:encoded`).
        "body": .xhtmlBody, "fullitem": .contentEncoded, "CHANNEL": .cdfChannel,
    ]

    /// Microsoft's Channel Definition Format (W3C NOTE-CDFsubmit, 1997); an `ITEM`'s `HREF`
    /// and `LASTMOD` are attributes.
    private static let cdf: [String: FeedXMLTag] = [
        "CHANNEL": .cdfChannel, "ITEM": .item, "TITLE": .title, "ABSTRACT": .description,
    ]

    /// Atom 1.0 and Atom 0.3 (`issued`, `modified`, `created`).
    private static let atom: [String: FeedXMLTag] = [
        "feed": .atomFeed, "entry": .entry, "source": .atomSource, "title": .title, "link": .atomLink,
        "id": .atomID, "published": .published, "updated": .updated, "author": .atomAuthor, "name": .atomName,
        "summary": .atomSummary, "content": .atomContent, "category": .atomCategory, "generator": .generator,
        "issued": .published, "modified": .updated, "created": .created,
    ]

    private static let dc: [String: FeedXMLTag] = [
        "title": .dcTitle, "creator": .dcCreator, "date": .dcDate, "subject": .dcSubject, "description": .otherSummary,
    ]

    private static let dcterms: [String: FeedXMLTag] = [
        "issued": .published, "modified": .updated, "created": .created,
    ]

    private static let media: [String: FeedXMLTag] = [
        "thumbnail": .mediaThumbnail, "content": .mediaContent, "category": .mediaCategory,
        "description": .otherSummary, "title": .dcTitle,
    ]

    private static let itunes: [String: FeedXMLTag] = [
        "author": .itunesAuthor, "image": .itunesImage, "summary": .otherSummary, "keywords": .itunesKeywords,
        "category": .itunesCategory, "link": .itunesLink, "duration": .itunesDuration,
    ]

    /// XHTML elements that break a line, read as a space in inline XHTML content.
    private static let blocks: Set<String> = [
        "p", "div", "br", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "tr", "td", "th",
        "dd", "dt", "table", "hr",
    ]
}
