import CLibXML2
import Foundation
import Tributary
import TributaryBytes

/// Streams an RSS, RDF or Atom document through libxml2's SAX2 push parser: owns the
/// parser, hands it the (repaired) bytes, finds each element's tag and passes the
/// events on to its `FeedXMLState`, which hands finished entries on in batches. No tree
/// is ever built, and an entry's text goes straight into its batch's buffer.
///
/// Safety: no DTD is loaded, no network access, only internal entities expand (by the
/// byte repair, within libxml2's amplification rule; see `FeedByteRepair`), and nesting
/// is bounded.
///
/// Only libxml2's callbacks touch the reader's state, one at a time on the parsing
/// thread, so its properties skip the runtime's dynamic exclusivity checks, which were
/// a tenth of that thread's time on a large feed.
@unsafe final class FeedXMLReader {
    /// What has been read; final once the document is ended.
    @exclusivity(unchecked) private(set) var state: FeedXMLState
    @exclusivity(unchecked) private var context: xmlParserCtxtPtr?
    @exclusivity(unchecked) private var repair: FeedByteRepair
    @exclusivity(unchecked) private var tags = unsafe FeedTagTable()
    /// The HTTP `charset`, lowercased, for a document that declares no encoding.
    private let charset: String?

    /// Reading stops after `limit` entries; `onBatch` gets each full batch of `batchSize`,
    /// with the state (its `feed` is set by then). `convertedToUTF8`: the bytes are UTF-8
    /// whatever the document declares (see `WideFeedBytes`); `charset`: the HTTP `charset`.
    init(
        documentURL: String, limit: Int?, batchSize: Int, convertedToUTF8: Bool = false, charset: String? = nil,
        onBatch: @escaping (FeedXMLState, EntryBatch) -> Void
    ) {
        unsafe self.charset = charset?.lowercased()
        unsafe state = FeedXMLState(documentURL: documentURL, limit: limit, batchSize: batchSize, onBatch: onBatch)
        unsafe repair = FeedByteRepair(mode: convertedToUTF8 ? .repair : .undecided)
    }

    /// Starts a document, to be given in pieces with `read` and closed with `end` (or
    /// left at a point between entries, see `endBetweenEntries`).
    func begin() throws {
        var handler = unsafe FeedSAXHandler.make()
        let this = unsafe Unmanaged.passUnretained(self).toOpaque()
        guard let context = unsafe xmlCreatePushParserCtxt(&handler, this, nil, 0, nil) else {
            throw TributaryError(.badResponse, "could not start the XML parser")
        }
        unsafe self.context = unsafe context
        unsafe xmlCtxtUseOptions(
            context, Int32(Self.options | (repair.mode == .repair ? XML_PARSE_IGNORE_ENC.rawValue : 0)))
    }

    private static let options =
        XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
        | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_COMPACT.rawValue

    /// The next piece of the document; false once reading has stopped.
    func read(_ buffer: UnsafeRawBufferPointer) -> Bool {
        guard let context = unsafe context else { return false }
        if unsafe repair.mode == .undecided { unsafe decideEncoding(buffer, context) }
        var more = true
        unsafe repair.repair(buffer, final: false) { more = unsafe self.push($0, context) }
        return unsafe more && !refusedExpansion()
    }

    /// Stops the reading once the document's entities have expanded past the limit.
    private func refusedExpansion() -> Bool {
        guard unsafe repair.expansionLimitExceeded else { return false }
        unsafe state.stop(
            TributaryError(
                .badResponse,
                "the feed's DTD entities expand to more than \(FeedByteRepair.expansionFactor) times the "
                    + "document's size, the shape of an entity-expansion attack; refused"))
        return true
    }

    /// The byte-order mark, else the declared encoding, else the HTTP `charset`, else UTF-8.
    private func decideEncoding(_ head: UnsafeRawBufferPointer, _ context: xmlParserCtxtPtr) {
        let mode = unsafe FeedByteRepair.mode(forHead: head, charset: charset)
        unsafe repair = FeedByteRepair(mode: mode)
        if mode == .repair {
            // The repair hands libxml2 UTF-8 whatever the document declares.
            unsafe xmlCtxtUseOptions(context, Int32(Self.options | XML_PARSE_IGNORE_ENC.rawValue))
        } else if let charset = unsafe charset, unsafe FeedByteRepair.charsetApplies(toHead: head),
            let handler = unsafe xmlFindCharEncodingHandler(charset)
        {
            unsafe xmlSwitchToEncoding(context, handler)
        }
    }

    /// Ends the document.
    func end() {
        guard let context = unsafe context else { return }
        let going = { unsafe self.state.failure == nil && !self.state.stopped }
        if going() {
            unsafe repair.repair(UnsafeRawBufferPointer(start: nil, count: 0), final: true) {
                _ = unsafe self.push($0, context)
            }
            _ = unsafe refusedExpansion()
        }
        if going() { unsafe xmlParseChunk(context, nil, 0, 1) }
        unsafe close()
    }

    /// Ends the reading where the document has been given up to, when that is between
    /// two entries (see `FeedXMLState.isBetweenEntries`) and libxml2 holds nothing back
    /// but whitespace (a comment or section left open would be). Otherwise returns false
    /// and reading can go on with `read`.
    func endBetweenEntries() -> Bool {
        guard let context = unsafe context, unsafe state.failure == nil, unsafe !state.stopped,
            unsafe repair.mode == .repair, unsafe state.outline.isComplete
        else { return false }
        unsafe repair.repair(UnsafeRawBufferPointer(start: nil, count: 0), final: true) {
            _ = unsafe self.push($0, context)
        }
        guard unsafe state.isBetweenEntries, unsafe context.pointee.instate == XML_PARSER_CONTENT,
            let input = unsafe context.pointee.input,
            var cursor = unsafe input.pointee.cur
        else { return false }
        while let end = unsafe input.pointee.end, unsafe cursor < end {
            guard unsafe [0x20, 0x09, 0x0A, 0x0D].contains(cursor.pointee) else { return false }
            unsafe cursor += 1
        }
        unsafe close()
        return true
    }

    private func close() {
        if let context = unsafe context { unsafe xmlFreeParserCtxt(context) }
        unsafe context = nil
    }

    private func push(_ buffer: UnsafeRawBufferPointer, _ context: xmlParserCtxtPtr) -> Bool {
        var offset = 0
        while offset < buffer.count, unsafe !state.stopped {
            let size = min(buffer.count - offset, 1 << 20)
            let start = unsafe buffer.baseAddress!.advanced(by: offset).assumingMemoryBound(to: CChar.self)
            unsafe xmlParseChunk(context, start, Int32(size), 0)
            offset += size
        }
        return unsafe !state.stopped
    }

    // MARK: SAX events, from FeedSAXHandler

    func startElement(
        _ name: UnsafePointer<xmlChar>, _ uri: UnsafePointer<xmlChar>?, _ attributes: FeedAttributes,
        record: (inout FeedOutline) -> Void
    ) {
        let tag = unsafe tags.tag(name, uri)
        unsafe state.startElement(tag, name: name, uri: uri, attributes, record: record)
        // An Atom root without the Atom namespace: its descendants' plain names are Atom's;
        // under CDF's root, CDF's.
        if unsafe uri == nil, unsafe state.depth == 1, tag == .atomFeed || tag == .cdfChannel {
            unsafe tags.readPlainNames(as: tag == .atomFeed ? .atom : .cdf)
        }
        unsafe stopParserIfDone()
    }

    func endElement() {
        unsafe state.endElement()
        unsafe stopParserIfDone()
    }

    func characters(_ bytes: UnsafePointer<xmlChar>, _ count: Int) {
        unsafe state.characters(bytes, count)
    }

    func noteError(_ message: String) {
        unsafe state.noteError(message)
    }

    func noteEntityDeclaration(name: String, external: String?, nested: Bool) {
        unsafe state.noteEntityDeclaration(name: name, external: external, nested: nested)
        unsafe stopParserIfDone()
    }

    private func stopParserIfDone() {
        if unsafe state.stopped, let context = unsafe context { unsafe xmlStopParser(context) }
    }

    deinit {
        unsafe close()
    }
}
