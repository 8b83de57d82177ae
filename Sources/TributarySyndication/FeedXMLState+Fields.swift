import Tributary

/// The fields of the feed and of its entries: which elements are captured, and where
/// a captured span or an attribute goes.
extension FeedXMLState {
    mutating func startFeedField(_ tag: FeedXMLTag, _ attributes: FeedAttributes) {
        switch tag {
        case .title where feed?.title == nil: begin(capture: .title)
        case .link where feed?.link == nil: begin(capture: .link)
        case .generator: begin(capture: .generator)
        case .atomAuthor where feed?.author == nil: atomAuthorDepth = depth
        case .atomName where atomAuthorDepth > 0: begin(capture: .rssAuthor)
        case .atomLink where feed?.link == nil && (attributes["rel"] ?? "alternate") == "alternate":
            let link = attributes["href"].map(resolve)
            feed?.link = link
        default: break
        }
    }

    mutating func store(feedField tag: FeedXMLTag, _ value: String) {
        switch tag {
        case .title: feed?.title = value
        case .link:
            let link = resolve(value, against: captureBase)
            feed?.link = link
        case .generator: feed?.generator = value
        case .rssAuthor: feed?.author = value
        default: break
        }
    }

    mutating func startEntryField(_ tag: FeedXMLTag, _ attributes: FeedAttributes) {
        switch tag {
        case .atomSource: skipDepth = depth
        case .atomAuthor: atomAuthorDepth = depth
        case .atomName where atomAuthorDepth > 0: begin(capture: .rssAuthor)
        case .title:
            entry?.titleIsHTML = attributes.value("type", is: "html")  // xhtml arrives as parsed text
            begin(capture: .title)
        case .atomLink: atomLink(attributes)
        case .atomCategory:
            if let term = attributes.bytes("term") ?? attributes.bytes("label") { addCategory(remainder.add(term)) }
        case .mediaThumbnail, .itunesImage:
            if entry != nil, entry?.thumbnail == nil, let bytes = attributes.bytes("url") ?? attributes.bytes("href") {
                let thumbnail = url(bytes)
                entry?.thumbnail = thumbnail
            }
        case .mediaContent, .enclosure:
            if entry != nil, let bytes = attributes.bytes("url") {
                let type = (attributes.bytes("medium") ?? attributes.bytes("type")).map { remainder.add($0) }
                let media = RawMedia(url: url(bytes), type: type)
                entry?.media.append(media)
            }
        case .img: captureChild(tag, attributes)
        case .link, .guid, .atomID, .pubDate, .dcDate, .published, .updated, .rssAuthor, .dcCreator, .itunesAuthor,
            .description, .atomSummary, .contentEncoded, .atomContent, .rssCategory, .dcSubject, .rank:
            begin(capture: tag)
        default: break
        }
    }

    private mutating func atomLink(_ attributes: FeedAttributes) {
        guard entry != nil, let href = attributes.bytes("href") else { return }
        if attributes.value("rel", is: "alternate", byDefault: true) {
            if entry?.link == nil {
                let link = url(href)
                entry?.link = link
            }
        } else if attributes.value("rel", is: "enclosure") {
            let media = RawMedia(url: url(href), type: attributes.bytes("type").map { remainder.add($0) })
            entry?.media.append(media)
        }
    }

    private mutating func addCategory(_ span: TextSpan) {
        remainder.addCategory(span)
        let run = remainder.categoryRun(from: entry?.categories.lowerBound ?? 0)
        entry?.categories = run
    }

    /// An entry's URL attribute, kept in the batch with the base in effect, to be
    /// resolved when the entry is mapped. Never called while a field is being captured.
    private mutating func url(_ bytes: UnsafeBufferPointer<UInt8>) -> RawURL {
        RawURL(text: remainder.add(bytes), base: bases.last?.url)
    }

    /// Keeps a field's span; the mapping trims and cleans the text when it makes the item.
    mutating func store(entryField tag: FeedXMLTag, _ span: TextSpan) {
        switch tag {
        case .title: entry?.title = span
        case .link where entry?.link == nil: entry?.link = RawURL(text: span, base: captureBase)
        case .guid, .atomID: entry?.id = span
        case .pubDate, .published: entry?.published = span
        case .dcDate: if entry?.published == nil { entry?.published = span }
        case .updated: entry?.updated = span
        case .rssAuthor, .dcCreator, .itunesAuthor: if entry?.author == nil { entry?.author = span }
        case .description, .atomSummary: entry?.summary = span
        case .contentEncoded, .atomContent: entry?.content = span
        case .rssCategory, .dcSubject: addCategory(span)
        case .rank: entry?.rank = span
        default: break
        }
    }

    // MARK: xml:base

    mutating func pushBase(_ attributes: FeedAttributes) {
        guard let base = attributes.xmlBase else { return }
        bases.append((depth, resolve(base)))
    }

    mutating func popBase() {
        if bases.count > 1, bases.last?.depth == depth { bases.removeLast() }
    }

    func resolve(_ reference: String) -> String { resolve(reference, against: bases.last?.url) }

    func resolve(_ reference: String, against base: String?) -> String {
        FeedURLs.resolve(reference, against: base)
    }
}
