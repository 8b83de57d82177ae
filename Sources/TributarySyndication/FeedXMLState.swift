import CLibXML2
import Tributary

/// What reading an RSS, RDF or Atom document has found so far, and the rules that turn
/// SAX events into a feed and its entries: which element starts an entry, which fields
/// are captured, where `xml:base` applies. `FeedXMLReader` drives it from libxml2's
/// callbacks; it knows nothing of libxml2 itself, bar the name pointer of a root element.
/// Its fields are set by its own methods only (here and in `FeedXMLState+Fields.swift`).
struct FeedXMLState {
    static let maxDepth = 128
    static let maxFieldBytes = 256 * 1024

    var feed: RawFeed?
    private(set) var failure: TributaryError?
    /// Set when reading must end (a refusal or the entry limit); the reader stops libxml2.
    private(set) var stopped = false
    private(set) var errorCount = 0
    private(set) var firstError: String?
    private(set) var entityDeclarations = 0
    /// The entries read since the last full batch was handed on.
    var remainder = EntryBatch()
    /// The layout around the entries, recorded up to the first entry.
    private(set) var outline = FeedOutline()

    private let limit: Int?
    private let batchSize: Int
    private let onBatch: (FeedXMLState, EntryBatch) -> Void
    private var entryCount = 0
    var depth = 0
    /// The depth of the element holding the entries.
    private var entryParentDepth = 0
    var entry: RawEntry?
    /// The depth of the entry being read; 0 outside entries.
    private(set) var entryDepth = 0
    private var inEntry: Bool { entryDepth > 0 }
    /// The depth of the Atom `<source>` being read in an entry; 0 outside one.
    var sourceDepth = 0
    /// The depth of the Atom `<author>` being read (the feed's or an entry's); 0 outside one.
    var atomAuthorDepth = 0
    private var capture: FeedXMLTag = .other
    private var captureType = FeedTextType.markup
    private var captureDepth = 0
    /// The depth of the XHTML `script` or `style` being read in captured content; 0 outside one.
    private var hiddenDepth = 0
    var captureBase: String?
    /// Where the captured field's text starts in `remainder.text`.
    private var captureStart = 0
    var bases: [(depth: Int, url: String)]

    /// Reading stops after `limit` entries; `onBatch` gets each full batch of `batchSize`,
    /// with the state (its `feed` is set by then).
    init(documentURL: String, limit: Int?, batchSize: Int, onBatch: @escaping (FeedXMLState, EntryBatch) -> Void) {
        bases = [(0, documentURL)]
        self.limit = limit
        self.batchSize = batchSize
        self.onBatch = onBatch
    }

    /// Whether the document stands between two entries, at their parent, with nothing
    /// being captured.
    var isBetweenEntries: Bool {
        entryDepth == 0 && capture == .other && atomAuthorDepth == 0 && depth == entryParentDepth
    }

    mutating func stop(_ error: TributaryError? = nil) {
        if failure == nil { failure = error }
        stopped = true
    }

    mutating func noteError(_ message: String) {
        errorCount += 1
        if firstError == nil { firstError = TextCleanup.singleLine(message) }
    }

    /// Internal entities are expanded by the byte repair. An external entity or one built
    /// of other entities (the shape of an expansion bomb) is an attack on the reader, and
    /// the feed is refused with that reason.
    mutating func noteEntityDeclaration(name: String, external: String?, nested: Bool) {
        entityDeclarations += 1
        if let external {
            stop(
                TributaryError(
                    .badResponse,
                    "the feed's DTD declares an external entity (\(name) -> \(TextCleanup.singleLine(external))); "
                        + "refused, external entities are never loaded"
                ))
        } else if nested {
            stop(
                TributaryError(
                    .badResponse,
                    "the feed's DTD declares entities built of other entities (\(name)), the shape of an "
                        + "entity-expansion bomb; refused"
                ))
        }
    }

    // MARK: SAX events

    /// `record` notes the element in the outline, before the first entry.
    mutating func startElement(
        _ tag: FeedXMLTag, name: UnsafePointer<xmlChar>, uri: UnsafePointer<xmlChar>?, _ attributes: FeedAttributes,
        record: (inout FeedOutline) -> Void
    ) {
        depth += 1
        guard depth <= Self.maxDepth else {
            return stop(
                TributaryError(.badResponse, "the document nests elements more than \(Self.maxDepth) deep; not a feed"))
        }
        if !outline.isComplete, !inEntry { record(&outline) }
        unsafe pushBase(attributes)
        guard feed != nil else { return unsafe start(root: tag, name: name, uri: uri) }
        if capture != .other { return unsafe captureChild(tag, attributes) }
        if !inEntry {
            if tag == .item || tag == .entry {
                beginEntry()
                if feed?.format == .cdf { unsafe startCDFItem(attributes) }
                if feed?.format == .rdf { unsafe startRDFItem(attributes) }
                return
            }
            return unsafe startFeedField(tag, attributes)
        }
        unsafe startEntryField(tag, attributes)
    }

    mutating func endElement() {
        defer {
            popBase()
            depth -= 1
        }
        if !outline.isComplete, !inEntry { outline.closed() }
        if depth == hiddenDepth { hiddenDepth = 0 }
        if capture != .other, depth == captureDepth { finishCapture() }
        if depth == sourceDepth { sourceDepth = 0 }
        if inEntry, depth == entryDepth { finishEntry() }
        if capture == .other, depth == atomAuthorDepth { atomAuthorDepth = 0 }
    }

    mutating func characters(_ bytes: UnsafePointer<xmlChar>, _ count: Int) {
        let captured = remainder.text.count - captureStart
        guard capture != .other, hiddenDepth == 0, captured < Self.maxFieldBytes else { return }
        unsafe remainder.extend(UnsafeBufferPointer(start: bytes, count: min(count, Self.maxFieldBytes - captured)))
    }

    // MARK: Structure

    private mutating func start(root tag: FeedXMLTag, name: UnsafePointer<xmlChar>, uri: UnsafePointer<xmlChar>?) {
        switch tag {
        case .rss: feed = RawFeed(format: .rss)
        case .rdf: feed = RawFeed(format: .rdf)
        case .atomFeed: feed = RawFeed(format: .atom)
        case .cdfChannel where unsafe uri == nil: feed = RawFeed(format: .cdf)
        case .html:
            stop(TributaryError(.badResponse, "the server sent an HTML page, not a feed (a login or bot-check page?)"))
        default:
            unsafe stop(
                FeedRootRefusal.error(name: String(cString: name), namespace: uri.map { unsafe String(cString: $0) }))
        }
        feed?.base = bases.count > 1 ? bases.last?.url : nil
    }

    private mutating func beginEntry() {
        if !outline.isComplete {
            outline.firstEntryStarted()
            entryParentDepth = depth - 1
        }
        entry = RawEntry(base: bases.last?.url, categories: remainder.categoryRun())
        entryDepth = depth
        atomAuthorDepth = 0
        sourceDepth = 0
    }

    private mutating func finishEntry() {
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

    mutating func begin(capture tag: FeedXMLTag, type: FeedTextType = .markup) {
        capture = tag
        captureType = type
        captureDepth = depth
        captureBase = tag == .link ? bases.last?.url : nil  // only links are resolved
        captureStart = remainder.text.count
    }

    private mutating func finishCapture() {
        let span = remainder.span(from: captureStart)
        let tag = capture
        capture = .other
        if inEntry { return store(entryField: tag, span, type: captureType) }
        store(feedField: tag, remainder.string(span))
    }

    /// Inside captured content (XHTML or unescaped HTML), only images, line breaks and
    /// code matter: a block element's text is set apart by a space, and the text of a
    /// `script` or `style` is left out.
    mutating func captureChild(_ tag: FeedXMLTag, _ attributes: FeedAttributes) {
        if tag == .xhtmlBlock { remainder.extend(byte: UInt8(ascii: " ")) }
        if tag == .xhtmlHidden, hiddenDepth == 0 { hiddenDepth = depth }
        guard tag == .img, entry?.inlineImage == nil, let src = unsafe attributes["src"] else { return }
        let image = resolve(src)
        entry?.inlineImage = image
    }
}
