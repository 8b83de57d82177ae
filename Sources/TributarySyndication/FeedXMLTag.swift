/// XML namespaces a feed reader cares about.
enum FeedNamespace {
    case plain, atom, dc, content, media, itunes, rank, rdf, xhtml, xml, other

    init(uri: String?) {
        switch uri {
        case nil, "", "http://purl.org/rss/1.0/", "http://my.netscape.com/rdf/simple/0.9/",
            "http://backend.userland.com/rss2":
            self = .plain
        case "http://www.w3.org/2005/Atom": self = .atom
        case "http://purl.org/dc/elements/1.1/": self = .dc
        case "http://purl.org/rss/1.0/modules/content/": self = .content
        case "http://search.yahoo.com/mrss/", "http://search.yahoo.com/mrss": self = .media
        case "http://www.itunes.com/dtds/podcast-1.0.dtd": self = .itunes
        case "http://purl.org/atompub/rank/1.0": self = .rank
        case "http://www.w3.org/1999/02/22-rdf-syntax-ns#": self = .rdf
        case "http://www.w3.org/1999/xhtml": self = .xhtml
        case "http://www.w3.org/XML/1998/namespace": self = .xml
        default: self = .other
        }
    }
}

/// The elements a feed reader acts on, by namespace and local name.
enum FeedXMLTag {
    case rss, rdf, atomFeed, html
    case item, entry, atomSource
    case title, link, atomLink, guid, atomID
    case pubDate, dcDate, published, updated
    case rssAuthor, dcCreator, itunesAuthor, atomAuthor, atomName
    case description, atomSummary, contentEncoded, atomContent
    case rssCategory, atomCategory, dcSubject
    case mediaThumbnail, mediaContent, enclosure, itunesImage, rank, img
    case generator, other

    init(namespace: FeedNamespace, name: String) {
        switch namespace {
        case .plain: self = Self.plain[name] ?? (name.lowercased() == "html" ? .html : .other)
        case .atom: self = Self.atom[name] ?? .other
        case .dc:
            self = name == "creator" ? .dcCreator : name == "date" ? .dcDate : name == "subject" ? .dcSubject : .other
        case .content: self = name == "encoded" ? .contentEncoded : .other
        case .media: self = name == "thumbnail" ? .mediaThumbnail : name == "content" ? .mediaContent : .other
        case .itunes: self = name == "author" ? .itunesAuthor : name == "image" ? .itunesImage : .other
        case .rank: self = name == "rank" ? .rank : .other
        case .rdf: self = name == "RDF" ? .rdf : .other
        case .xhtml: self = name == "img" ? .img : name == "html" ? .html : .other
        case .xml, .other: self = .other
        }
    }

    private static let plain: [String: FeedXMLTag] = [
        "rss": .rss, "item": .item, "title": .title, "link": .link, "guid": .guid, "pubDate": .pubDate,
        "author": .rssAuthor, "description": .description, "category": .rssCategory, "enclosure": .enclosure,
        "generator": .generator, "img": .img, "HTML": .html,
    ]

    private static let atom: [String: FeedXMLTag] = [
        "feed": .atomFeed, "entry": .entry, "source": .atomSource, "title": .title, "link": .atomLink,
        "id": .atomID, "published": .published, "updated": .updated, "author": .atomAuthor, "name": .atomName,
        "summary": .atomSummary, "content": .atomContent, "category": .atomCategory, "generator": .generator,
    ]
}
