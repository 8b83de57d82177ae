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
        case .atomLink where unsafe feed?.link == nil && FeedLinkRel(attributes) == .alternate:
            let link = unsafe FeedLinkRel.href(attributes).map { unsafe resolve(FeedAttributes.text($0)) }
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

    /// An entry's own fields are its children: the same names deeper down (in an
    /// extension element, an Atom `source`) are not its fields, bar an author's name,
    /// Media RSS, whose elements may sit in a `media:group`, and iTunes subcategories.
    mutating func startEntryField(_ tag: FeedXMLTag, _ attributes: FeedAttributes) {
        switch tag {
        case .atomName where atomAuthorDepth > 0:
            begin(capture: sourceDepth > 0 && atomAuthorDepth == sourceDepth + 1 ? .sourceAuthor : .rssAuthor)
        case .atomAuthor where sourceDepth > 0 && depth == sourceDepth + 1: atomAuthorDepth = depth
        case .mediaThumbnail, .mediaContent, .mediaCategory, .otherSummary, .img:
            unsafe startMediaField(tag, attributes)
        // Apple's podcast tags: a category's `text`, and a subcategory's, nested in it.
        case .itunesCategory: if let text = unsafe attributes.bytes("text") { unsafe addCategory(attribute(text)) }
        default:
            guard depth == entryDepth + 1 else { return }
            unsafe startChildField(tag, attributes)
        }
    }

    private mutating func startChildField(_ tag: FeedXMLTag, _ attributes: FeedAttributes) {
        switch tag {
        case .atomSource: sourceDepth = depth
        case .atomAuthor: atomAuthorDepth = depth
        case .title, .atomSummary, .atomContent:
            if tag == .atomContent, let source = unsafe attributes.bytes("src") {
                let contentSource = unsafe url(source)
                entry?.contentSource = contentSource
            }
            // RSS titles share Atom's tag, not its text constructs.
            unsafe begin(capture: tag, type: feed?.format == .atom ? FeedTextType(atom: attributes) : .markup)
        case .guid:
            entry?.guidLink =
                unsafe attributes.bytes("isPermaLink").map { unsafe FeedGuidLink(isPermaLink: $0) } ?? .ifURL
            begin(capture: tag)
        case .atomLink: unsafe atomLink(attributes)
        case .atomCategory:
            if let term = unsafe attributes.bytes("term") ?? attributes.bytes("label") {
                unsafe addCategory(attribute(term))
            }
        case .itunesImage: unsafe startMediaField(tag, attributes)
        // Apple's first podcast specification (2005) gave an episode's artwork as a link.
        case .itunesLink where unsafe attributes.value("rel", is: "image"):
            unsafe startMediaField(.itunesImage, attributes)
        case .enclosure: unsafe startEnclosure(attributes)
        case .contentEncoded: begin(capture: tag, type: .html)
        case .xhtmlBody: begin(capture: .contentEncoded, type: .xhtml)
        case .dcTitle, .link, .atomID, .pubDate, .dcDate, .published, .updated, .created, .rssAuthor, .dcCreator,
            .itunesAuthor, .description, .rssCategory, .dcSubject, .itunesKeywords, .itunesDuration, .rank:
            begin(capture: tag)
        default: break
        }
    }

    /// A CDF `ITEM`'s address and last change are its `HREF` and `LASTMOD` attributes.
    mutating func startCDFItem(_ attributes: FeedAttributes) {
        if let href = unsafe attributes.bytes("HREF") {
            let link = unsafe url(href)
            entry?.link = link
            entry?.linkRank = 2
        }
        if let lastModified = unsafe attributes.bytes("LASTMOD") {
            let updated = unsafe attribute(lastModified)
            entry?.updated = updated
        }
    }

    /// An RSS 1.0 `item`'s `rdf:about`, the URI naming it (RSS 1.0 §5.5), its id when it
    /// has no other.
    mutating func startRDFItem(_ attributes: FeedAttributes) {
        guard let about = unsafe attributes.bytes("about", namespace: "http://www.w3.org/1999/02/22-rdf-syntax-ns#")
        else { return }
        let span = unsafe attribute(about)
        entry?.about = RawURL(text: span, base: bases.last?.url)
    }

    private mutating func startMediaField(_ tag: FeedXMLTag, _ attributes: FeedAttributes) {
        switch tag {
        case .mediaThumbnail, .itunesImage:
            if entry != nil, entry?.thumbnail == nil,
                let bytes = unsafe attributes.bytes("url") ?? attributes.bytes("href")
            {
                let thumbnail = unsafe url(bytes)
                entry?.thumbnail = thumbnail
            }
        case .mediaContent:
            if entry != nil, let bytes = unsafe attributes.bytes("url") {
                let type = unsafe (attributes.bytes("medium") ?? attributes.bytes("type")).map {
                    unsafe remainder.add($0)
                }
                var media = unsafe RawMedia(url: url(bytes), type: type)
                media.isEnclosure = false
                media.mimeType = unsafe attributes.bytes("type").map { unsafe remainder.add($0) }
                media.length = unsafe attributes.bytes("fileSize").map { unsafe remainder.add($0) }
                media.duration = unsafe attributes.bytes("duration").map { unsafe remainder.add($0) }
                entry?.media.append(media)
            }
        case .mediaCategory, .otherSummary: begin(capture: tag)
        case .img: unsafe captureChild(tag, attributes)
        default: break
        }
    }

    private mutating func atomLink(_ attributes: FeedAttributes) {
        guard entry != nil, let href = unsafe FeedLinkRel.href(attributes) else { return }
        switch unsafe FeedLinkRel(attributes) {
        case .alternate:
            // An HTML alternate (or one of no type) before an alternate of another type.
            let rank: UInt8 = unsafe attributes.bytes("type").map(FeedLinkRel.isHTML) ?? true ? 2 : 1
            if rank > entry?.linkRank ?? 0 {
                let link = unsafe url(href)
                entry?.link = link
                entry?.linkRank = rank
            }
        case .enclosure:
            var media = unsafe RawMedia(url: url(href), type: attributes.bytes("type").map { unsafe remainder.add($0) })
            media.length = unsafe attributes.bytes("length").map { unsafe remainder.add($0) }
            entry?.media.append(media)
        case .other: break
        }
    }

    /// RSS 2.0's `<enclosure url length type>`.
    private mutating func startEnclosure(_ attributes: FeedAttributes) {
        guard entry != nil, let bytes = unsafe attributes.bytes("url") else { return }
        var media = unsafe RawMedia(url: url(bytes), type: attributes.bytes("type").map { unsafe remainder.add($0) })
        media.length = unsafe attributes.bytes("length").map { unsafe remainder.add($0) }
        entry?.media.append(media)
    }

    private mutating func addCategory(_ span: TextSpan) {
        remainder.addCategory(span)
        let run = remainder.categoryRun(from: entry?.categories.lowerBound ?? 0)
        entry?.categories = run
    }

    /// An entry's URL attribute, kept in the batch with the base in effect, to be
    /// resolved when the entry is mapped. Never called while a field is being captured.
    private mutating func url(_ bytes: UnsafeBufferPointer<UInt8>) -> RawURL {
        unsafe RawURL(text: attribute(bytes), base: bases.last?.url)
    }

    /// An attribute's value kept in the batch, `&#38;` read as `&` (see `FeedAttributes.text`).
    private mutating func attribute(_ bytes: UnsafeBufferPointer<UInt8>) -> TextSpan {
        unsafe bytes.contains(UInt8(ascii: "&")) ? remainder.add(FeedAttributes.text(bytes)) : remainder.add(bytes)
    }

    /// Keeps a field's span; the mapping trims and cleans the text when it makes the item.
    /// Where two elements give one field, the entry's own (RSS or Atom) element wins over
    /// another namespace's (Dublin Core, iTunes, Media RSS), whichever comes first.
    mutating func store(entryField tag: FeedXMLTag, _ span: TextSpan, type: FeedTextType) {
        switch tag {
        case .title:
            entry?.title = span
            entry?.titleType = type
        case .dcTitle where entry?.title == nil:
            entry?.title = span
            entry?.titleType = .markup
        case .link where entry?.linkRank == 0:
            entry?.link = RawURL(text: span, base: captureBase)
            entry?.linkRank = 2
        case .guid, .atomID:
            let base = idBase(for: tag)
            entry?.id = span
            entry?.idBase = base
        case .pubDate, .published: entry?.published = span
        case .dcDate: if entry?.published == nil { entry?.published = span }
        case .updated: entry?.updated = span
        case .created: entry?.created = span
        case .rssAuthor, .dcCreator, .itunesAuthor: if entry?.author == nil { entry?.author = span }
        case .sourceAuthor: if entry?.sourceAuthor == nil { entry?.sourceAuthor = span }
        case .description, .atomSummary:
            entry?.summary = span
            entry?.summaryType = type
        case .otherSummary: if entry?.otherSummary == nil { entry?.otherSummary = span }
        case .contentEncoded, .atomContent:
            entry?.content = span
            entry?.contentType = type
        case .rssCategory, .dcSubject, .mediaCategory: addCategory(span)
        case .itunesKeywords: for keyword in remainder.split(span, at: UInt8(ascii: ",")) { addCategory(keyword) }
        case .rank: entry?.rank = span
        case .itunesDuration: entry?.duration = span
        default: break
        }
    }

    // MARK: xml:base

    mutating func pushBase(_ attributes: FeedAttributes) {
        guard let base = unsafe attributes.xmlBase else { return }
        bases.append((depth, resolve(base)))
    }

    /// The base a relative id resolves against: an explicit `xml:base` in effect, for an Atom
    /// id (an IRI, RFC 4287 §4.2.6) or an RSS guid that is a permalink (not `isPermaLink="false"`).
    /// The feed's own address is not applied, so opaque guids such as `123` stay as written.
    func idBase(for tag: FeedXMLTag) -> String? {
        guard bases.count > 1, tag == .atomID || entry?.guidLink != .never else { return nil }
        return bases.last?.url
    }

    mutating func popBase() {
        if bases.count > 1, bases.last?.depth == depth { bases.removeLast() }
    }

    func resolve(_ reference: String) -> String { resolve(reference, against: bases.last?.url) }

    func resolve(_ reference: String, against base: String?) -> String {
        FeedURLs.resolve(reference, against: base)
    }
}
