import CLibXML2
import Foundation
import Tributary

/// Streams an RSS, RDF or Atom document through libxml2's SAX2 push parser and
/// hands finished entries on in batches (`onBatch`, then `remainder`); no tree is ever
/// built, and an entry's text goes straight into its batch's buffer.
///
/// Safety: no DTD is loaded, no network access, entity declarations are ignored
/// (so only the predefined and numeric references expand), and nesting is bounded.
///
/// Only libxml2's callbacks touch the reader's state, one at a time on the parsing
/// thread, so its properties skip the runtime's dynamic exclusivity checks, which were
/// a tenth of that thread's time on a large feed.
final class FeedXMLReader {
    static let maxDepth = 128
    static let maxFieldBytes = 256 * 1024

    @exclusivity(unchecked) private(set) var feed: RawFeed?
    @exclusivity(unchecked) private(set) var failure: TributaryError?
    @exclusivity(unchecked) private(set) var errorCount = 0
    @exclusivity(unchecked) private(set) var firstError: String?
    @exclusivity(unchecked) private(set) var ignoredEntityDeclarations = 0
    /// The entries read since the last full batch was handed on, after `parse`.
    @exclusivity(unchecked) private(set) var remainder = EntryBatch()
    @exclusivity(unchecked) private var context: xmlParserCtxtPtr?
    private let limit: Int?
    private let batchSize: Int
    private let onBatch: (FeedXMLReader, EntryBatch) -> Void
    @exclusivity(unchecked) private var entryCount = 0

    @exclusivity(unchecked) private var depth = 0
    @exclusivity(unchecked) private var entry: RawEntry?
    /// The depth of the entry being read; 0 outside entries.
    @exclusivity(unchecked) private var entryDepth = 0
    private var inEntry: Bool { entryDepth > 0 }
    @exclusivity(unchecked) private var skipDepth = 0
    /// The depth of the Atom `<author>` being read (the feed's or an entry's); 0 outside one.
    @exclusivity(unchecked) private var atomAuthorDepth = 0
    @exclusivity(unchecked) private var capture: FeedXMLTag = .other
    @exclusivity(unchecked) private var captureDepth = 0
    @exclusivity(unchecked) private var captureBase: String?
    /// Where the captured field's text starts in `remainder.text`.
    @exclusivity(unchecked) private var captureStart = 0
    @exclusivity(unchecked) private var bases: [(depth: Int, url: String)]
    /// Tags already named, by interned name and namespace pointer; a fixed buffer rather
    /// than an array, so that a lookup per element costs no reference counting.
    private let knownTags = UnsafeMutableBufferPointer<KnownTag>.allocate(capacity: 128)
    @exclusivity(unchecked) private var knownTagCount = 0

    /// Reading stops after `limit` entries; `onBatch` gets each full batch of `batchSize`,
    /// with the reader (its `feed` is set by then). `convertedToUTF8`: the bytes are UTF-8
    /// whatever the document declares (see `WideFeedBytes`).
    init(
        documentURL: String, limit: Int?, batchSize: Int, convertedToUTF8: Bool = false,
        onBatch: @escaping (FeedXMLReader, EntryBatch) -> Void
    ) {
        bases = [(0, documentURL)]
        repair = FeedByteRepair(mode: convertedToUTF8 ? .repair : .undecided)
        self.limit = limit
        self.batchSize = batchSize
        self.onBatch = onBatch
        knownTags.initialize(repeating: KnownTag())
    }

    /// Starts a document, to be given in pieces with `feed` and closed with `end` (or
    /// left at a point between entries, see `endBetweenEntries`).
    func begin() throws {
        var handler = FeedSAXHandler.make()
        let this = Unmanaged.passUnretained(self).toOpaque()
        guard let context = xmlCreatePushParserCtxt(&handler, this, nil, 0, nil) else {
            throw TributaryError(.badResponse, "could not start the XML parser")
        }
        self.context = context
        xmlCtxtUseOptions(context, Int32(Self.options | (repair.mode == .repair ? XML_PARSE_IGNORE_ENC.rawValue : 0)))
    }

    private static let options = XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
        | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_COMPACT.rawValue

    /// The next piece of the document; false once reading has stopped.
    func feed(_ buffer: UnsafeRawBufferPointer) -> Bool {
        guard let context else { return false }
        if repair.mode == .undecided, FeedByteRepair.mode(forHead: buffer) == .repair {
            // The repair hands libxml2 UTF-8 whatever the document declares.
            xmlCtxtUseOptions(context, Int32(Self.options | XML_PARSE_IGNORE_ENC.rawValue))
        }
        var more = true
        repair.repair(buffer, final: false) { more = self.push($0, context) }
        return more
    }

    /// Ends the document.
    func end() {
        guard let context else { return }
        if failure == nil, !stopped { repair.repair(UnsafeRawBufferPointer(start: nil, count: 0), final: true) { _ = self.push($0, context) } }
        if failure == nil, !stopped { xmlParseChunk(context, nil, 0, 1) }
        close()
    }

    /// Ends the reading where the document has been given up to, when that is between
    /// two entries: at the entries' parent, nothing being captured or skipped, and
    /// nothing libxml2 holds back but whitespace (a comment or section left open would
    /// be). Otherwise returns false and reading can go on with `feed`.
    func endBetweenEntries() -> Bool {
        guard let context, failure == nil, !stopped, repair.mode == .repair, outline.isComplete else { return false }
        repair.repair(UnsafeRawBufferPointer(start: nil, count: 0), final: true) { _ = self.push($0, context) }
        guard entryDepth == 0, capture == .other, skipDepth == 0, atomAuthorDepth == 0, depth == entryParentDepth,
              context.pointee.instate == XML_PARSER_CONTENT, let input = context.pointee.input, var cursor = input.pointee.cur
        else { return false }
        while let end = input.pointee.end, cursor < end {
            guard [0x20, 0x09, 0x0A, 0x0D].contains(cursor.pointee) else { return false }
            cursor += 1
        }
        close()
        return true
    }

    private func close() {
        if let context { xmlFreeParserCtxt(context) }
        context = nil
    }

    @exclusivity(unchecked) private var stopped = false
    @exclusivity(unchecked) private var repair: FeedByteRepair
    /// The layout around the entries, recorded up to the first entry.
    @exclusivity(unchecked) private(set) var outline = FeedOutline()
    /// The depth of the element holding the entries.
    @exclusivity(unchecked) private var entryParentDepth = 0

    private func push(_ buffer: UnsafeRawBufferPointer, _ context: xmlParserCtxtPtr) -> Bool {
        var offset = 0
        while offset < buffer.count, !stopped {
            let size = min(buffer.count - offset, 1 << 20)
            let start = buffer.baseAddress!.advanced(by: offset).assumingMemoryBound(to: CChar.self)
            xmlParseChunk(context, start, Int32(size), 0)
            offset += size
        }
        return !stopped
    }

    func stop(_ error: TributaryError? = nil) {
        if failure == nil { failure = error }
        stopped = true
        if let context { xmlStopParser(context) }
    }

    func noteError(_ message: String) {
        errorCount += 1
        if firstError == nil { firstError = TextCleanup.singleLine(message) }
    }

    /// Entity declarations are never expanded. A harmless one is ignored; an external
    /// entity or one built of other entities (the shape of an expansion bomb) is an
    /// attack on the reader, and the feed is refused with that reason.
    func noteEntityDeclaration(name: String, external: String?, nested: Bool) {
        ignoredEntityDeclarations += 1
        if let external {
            stop(TributaryError(.badResponse, "the feed's DTD declares an external entity (\(name) -> \(TextCleanup.singleLine(external))); refused, external entities are never loaded"))
        } else if nested {
            stop(TributaryError(.badResponse, "the feed's DTD declares entities built of other entities (\(name)), the shape of an entity-expansion bomb; refused"))
        }
    }

    // MARK: SAX events

    /// `record` notes the element in the outline, before the first entry.
    func startElement(_ name: UnsafePointer<xmlChar>, _ uri: UnsafePointer<xmlChar>?, _ attributes: FeedAttributes, record: (inout FeedOutline) -> Void) {
        depth += 1
        guard depth <= Self.maxDepth else {
            return stop(TributaryError(.badResponse, "the document nests elements more than \(Self.maxDepth) deep; not a feed"))
        }
        if !outline.isComplete, !inEntry { record(&outline) }
        pushBase(attributes)
        let tag = self.tag(name, uri)
        guard feed != nil else { return start(root: tag, name: name) }
        if skipDepth > 0 { return }
        if capture != .other { return captureChild(tag, attributes) }
        if !inEntry {
            if tag == .item || tag == .entry { return beginEntry() }
            return startFeedField(tag, attributes)
        }
        startEntryField(tag, attributes)
    }

    func endElement() {
        defer { popBase(); depth -= 1 }
        if !outline.isComplete, !inEntry { outline.closed() }
        if skipDepth > 0 {
            if depth == skipDepth { skipDepth = 0 }
            return
        }
        if capture != .other, depth == captureDepth { finishCapture() }
        if inEntry, depth == entryDepth { finishEntry() }
        if capture == .other, depth == atomAuthorDepth { atomAuthorDepth = 0 }
    }

    func characters(_ bytes: UnsafePointer<xmlChar>, _ count: Int) {
        let captured = remainder.text.count - captureStart
        guard capture != .other, skipDepth == 0, captured < Self.maxFieldBytes else { return }
        remainder.extend(UnsafeBufferPointer(start: bytes, count: min(count, Self.maxFieldBytes - captured)))
    }

    // MARK: Structure

    private func start(root tag: FeedXMLTag, name: UnsafePointer<xmlChar>) {
        switch tag {
        case .rss: feed = RawFeed(format: .rss)
        case .rdf: feed = RawFeed(format: .rdf)
        case .atomFeed: feed = RawFeed(format: .atom)
        case .html:
            stop(TributaryError(.badResponse, "the server sent an HTML page, not a feed (a login or bot-check page?)"))
        default:
            let root = TextCleanup.singleLine(String(cString: name))
            stop(TributaryError(.badResponse, "the document's root element is <\(root)>, not an RSS, RDF or Atom feed"))
        }
        feed?.base = bases.count > 1 ? bases.last?.url : nil
    }

    private func beginEntry() {
        if !outline.isComplete {
            outline.firstEntryStarted()
            entryParentDepth = depth - 1
        }
        entry = RawEntry(base: bases.last?.url, categories: remainder.categoryRun())
        entryDepth = depth
        atomAuthorDepth = 0
    }

    private func finishEntry() {
        entryDepth = 0
        guard let finished = entry.take(), feed != nil else { return }
        remainder.append(finished)
        entryCount += 1
        if remainder.count == batchSize {
            let textBytes = remainder.text.count
            onBatch(self, remainder)
            remainder = EntryBatch(entries: batchSize, textBytes: textBytes + textBytes / 4)
        }
        if let limit, entryCount >= limit { stop() }
    }

    private func begin(capture tag: FeedXMLTag) {
        capture = tag
        captureDepth = depth
        captureBase = tag == .link ? bases.last?.url : nil  // only links are resolved
        captureStart = remainder.text.count
    }

    private func finishCapture() {
        let span = remainder.span(from: captureStart)
        let tag = capture
        capture = .other
        if inEntry { return store(entryField: tag, span) }
        store(feedField: tag, remainder.string(span))
    }

    /// Inside captured content (XHTML or unescaped HTML), only images matter.
    private func captureChild(_ tag: FeedXMLTag, _ attributes: FeedAttributes) {
        guard tag == .img, entry?.inlineImage == nil, let src = attributes["src"] else { return }
        entry?.inlineImage = resolve(src)
    }

    // MARK: Fields

    private func startFeedField(_ tag: FeedXMLTag, _ attributes: FeedAttributes) {
        switch tag {
        case .title where feed?.title == nil: begin(capture: .title)
        case .link where feed?.link == nil: begin(capture: .link)
        case .generator: begin(capture: .generator)
        case .atomAuthor where feed?.author == nil: atomAuthorDepth = depth
        case .atomName where atomAuthorDepth > 0: begin(capture: .rssAuthor)
        case .atomLink where feed?.link == nil && (attributes["rel"] ?? "alternate") == "alternate":
            feed?.link = attributes["href"].map(resolve)
        default: break
        }
    }

    private func store(feedField tag: FeedXMLTag, _ value: String) {
        switch tag {
        case .title: feed?.title = value
        case .link: feed?.link = resolve(value, against: captureBase)
        case .generator: feed?.generator = value
        case .rssAuthor: feed?.author = value
        default: break
        }
    }

    private func startEntryField(_ tag: FeedXMLTag, _ attributes: FeedAttributes) {
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
            if entry?.thumbnail == nil, let url = attributes.bytes("url") ?? attributes.bytes("href") { entry?.thumbnail = self.url(url) }
        case .mediaContent, .enclosure:
            if let url = attributes.bytes("url") {
                let type = (attributes.bytes("medium") ?? attributes.bytes("type")).map { remainder.add($0) }
                entry?.media.append(RawMedia(url: self.url(url), type: type))
            }
        case .img: captureChild(tag, attributes)
        case .link, .guid, .atomID, .pubDate, .dcDate, .published, .updated, .rssAuthor, .dcCreator, .itunesAuthor,
            .description, .atomSummary, .contentEncoded, .atomContent, .rssCategory, .dcSubject, .rank:
            begin(capture: tag)
        default: break
        }
    }

    private func atomLink(_ attributes: FeedAttributes) {
        guard let href = attributes.bytes("href") else { return }
        if attributes.value("rel", is: "alternate", byDefault: true) {
            if entry?.link == nil { entry?.link = url(href) }
        } else if attributes.value("rel", is: "enclosure") {
            entry?.media.append(RawMedia(url: url(href), type: attributes.bytes("type").map { remainder.add($0) }))
        }
    }

    private func addCategory(_ span: TextSpan) {
        remainder.addCategory(span)
        entry?.categories = remainder.categoryRun(from: entry?.categories.lowerBound ?? 0)
    }

    /// An entry's URL attribute, kept in the batch with the base in effect, to be
    /// resolved when the entry is mapped. Never called while a field is being captured.
    private func url(_ bytes: UnsafeBufferPointer<UInt8>) -> RawURL {
        RawURL(text: remainder.add(bytes), base: bases.last?.url)
    }

    /// Keeps a field's span; the mapping trims and cleans the text when it makes the item.
    private func store(entryField tag: FeedXMLTag, _ span: TextSpan) {
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

    // MARK: xml:base and names

    private func pushBase(_ attributes: FeedAttributes) {
        guard let base = attributes.xmlBase else { return }
        bases.append((depth, resolve(base)))
    }

    private func popBase() {
        if bases.count > 1, bases.last?.depth == depth { bases.removeLast() }
    }

    private func resolve(_ reference: String) -> String { resolve(reference, against: bases.last?.url) }

    private func resolve(_ reference: String, against base: String?) -> String {
        FeedURLs.resolve(reference, against: base)
    }

    /// The tag for a name and namespace. libxml2 interns both strings in its dictionary,
    /// so a name seen before is found by its pointers, in a small open-addressing table.
    private func tag(_ name: UnsafePointer<xmlChar>, _ uri: UnsafePointer<xmlChar>?) -> FeedXMLTag {
        let hash = UInt(bitPattern: name) >> 4 ^ UInt(bitPattern: uri) >> 6
        var slot = Int(hash) & (knownTags.count - 1)
        while let known = knownTags[slot].name {
            if known == name && knownTags[slot].uri == uri { return knownTags[slot].tag }
            slot = (slot + 1) & (knownTags.count - 1)
        }
        let namespace = FeedNamespace(uri: uri.map { String(cString: $0) })
        let tag = FeedXMLTag(namespace: namespace, name: String(cString: name))
        if knownTagCount < knownTags.count / 2 {  // half full at most, so probes stay short
            knownTags[slot] = KnownTag(name: name, uri: uri, tag: tag)
            knownTagCount += 1
        }
        return tag
    }

    private struct KnownTag {
        var name: UnsafePointer<xmlChar>?
        var uri: UnsafePointer<xmlChar>?
        var tag = FeedXMLTag.other
    }

    deinit {
        close()
        knownTags.deallocate()
    }
}
