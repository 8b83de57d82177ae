import Tributary
import TributaryBytes

/// Where one field's text sits in its batch's `EntryBatch.text`.
struct TextSpan: Sendable {
    let start: Int
    let count: Int
}

/// Entries read from a feed together with the text they refer to: every captured field
/// is appended to one byte buffer, so reading an entry makes no String per field. The
/// mapping makes each item's strings once, already cleaned, from these bytes.
struct EntryBatch: Sendable {
    private(set) var entries: [RawEntry] = []
    private(set) var text: [UInt8] = []
    /// Every entry's categories, each entry's in one run (`RawEntry.categories`), so an
    /// entry needs no array of its own.
    private(set) var categories: [TextSpan] = []

    var count: Int { entries.count }

    init() {}

    /// An empty batch with room for `entries` entries and `textBytes` bytes of text, so
    /// that filling it never copies what it holds.
    init(entries: Int, textBytes: Int) {
        self.entries.reserveCapacity(entries)
        text.reserveCapacity(textBytes)
    }

    mutating func append(_ entry: RawEntry) { entries.append(entry) }

    /// Appends UTF-8 bytes as one field's text.
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) -> TextSpan {
        let span = TextSpan(start: text.count, count: bytes.count)
        unsafe text.append(contentsOf: bytes)
        return span
    }

    /// Appends a string as one field's text (JSON Feed fields arrive as strings).
    mutating func add(_ string: String) -> TextSpan {
        unsafe BorrowedBuffers.utf8(of: string) { unsafe add($0) }
    }

    /// Appends a string, when there is one.
    mutating func add(_ string: String?) -> TextSpan? {
        string.map { add($0) }
    }

    mutating func addCategory(_ span: TextSpan) { categories.append(span) }

    /// The categories from `start` to the last one added: an entry's run so far.
    func categoryRun(from start: Int? = nil) -> Range<Int> { (start ?? categories.count)..<categories.count }

    /// The pieces of a span between `separator` bytes (`itunes:keywords`' commas).
    func split(_ span: TextSpan, at separator: UInt8) -> [TextSpan] {
        var pieces: [TextSpan] = []
        var start = span.start
        for index in span.start...(span.start + span.count)
        where index == span.start + span.count || text[index] == separator {
            pieces.append(TextSpan(start: start, count: index - start))
            start = index + 1
        }
        return pieces
    }

    /// Appends bytes to the field that starts at `start` (text that arrives in pieces).
    mutating func extend(_ bytes: UnsafeBufferPointer<UInt8>) { unsafe text.append(contentsOf: bytes) }

    /// Appends one byte to the field being built with `extend`.
    mutating func extend(byte: UInt8) { text.append(byte) }

    /// The span from `start` to the end of the text, closing a field built with `extend`.
    func span(from start: Int) -> TextSpan { TextSpan(start: start, count: text.count - start) }

    /// One field's text as a string (a feed-level field, or a link to resolve).
    func string(_ span: TextSpan) -> String {
        String(decoding: text[span.start..<(span.start + span.count)], as: UTF8.self)
    }

    /// Calls `body` with each entry and a view of its text.
    func forEachEntry(_ body: (RawEntry, EntryText) -> Void) {
        unsafe BorrowedBuffers.elements(of: text) { buffer in
            unsafe BorrowedBuffers.elements(of: categories) { categories in
                unsafe BorrowedBuffers.elements(of: entries) { entries in
                    for index in entries.indices {
                        unsafe body(entries[index], EntryText(buffer: buffer, categories: categories))
                    }
                }
            }
        }
    }
}

/// Read access to a batch's text while it is being mapped.
@unsafe struct EntryText {
    let buffer: UnsafeBufferPointer<UInt8>
    let categories: UnsafeBufferPointer<TextSpan>

    /// The entry's categories, in document order.
    func categories(of entry: RawEntry) -> UnsafeBufferPointer<TextSpan> {
        unsafe BorrowedBuffers.slice(categories, entry.categories)
    }

    func bytes(_ span: TextSpan) -> UnsafeBufferPointer<UInt8> {
        unsafe BorrowedBuffers.slice(buffer, span.start..<(span.start + span.count))
    }

    /// At most the first `limit` bytes, cut at a character boundary.
    func bytes(_ span: TextSpan, upTo limit: Int) -> UnsafeBufferPointer<UInt8> {
        unsafe BorrowedBuffers.utf8Prefix(bytes(span), atMost: limit)
    }

    /// Calls `body` with at most the first `limit` bytes of a span, double encoding
    /// undone (see `DoubleEncodedText`).
    func withRepairedBytes<Result>(
        _ span: TextSpan, upTo limit: Int = .max, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        let bytes = unsafe bytes(span, upTo: limit)
        guard let undone = unsafe DoubleEncodedText.undone(bytes) else { return unsafe body(bytes) }
        return unsafe BorrowedBuffers.elements(of: undone, body)
    }

    func string(_ span: TextSpan?) -> String? {
        span.map { unsafe String(decoding: bytes($0), as: UTF8.self) }
    }

    /// The text without the ASCII whitespace XML puts around values.
    func trimmedString(_ span: TextSpan?) -> String? {
        span.map { unsafe String(decoding: ByteTrim.trimmingASCIIWhitespace(bytes($0)), as: UTF8.self) }
    }

    /// The URL resolved against its base.
    func resolved(_ url: RawURL) -> String {
        unsafe FeedURLs.resolve(utf8: bytes(url.text), against: url.base)
    }

    /// Whether the span is absent or holds no bytes.
    func isEmpty(_ span: TextSpan?) -> Bool { (span?.count ?? 0) == 0 }
}
