/// Repairs, chunk by chunk before libxml2 sees them, the two byte-level faults that
/// libxml2's own recovery gets wrong:
///
/// - A wrong declared encoding. For a document declared UTF-8, ISO-8859-1, Windows-1252,
///   US-ASCII (any of their WHATWG labels, `repairedEncodings`) or nothing, every valid UTF-8 sequence is kept and every other byte is read as
///   Windows-1252 (what browsers read "ISO-8859-1" as), so libxml2 always gets UTF-8 and is
///   told to ignore the declaration (`XML_PARSE_IGNORE_ENC`). Real Latin-1 or Windows-1252 text
///   almost never forms valid multi-byte UTF-8, so one rule reads Latin-1 files, Windows-1252
///   smart quotes declared ISO-8859-1, UTF-8 files declared ISO-8859-1, and UTF-8 files with
///   Latin-1 bytes pasted in. (Left to libxml2, a Latin-1 byte in a UTF-8 document becomes U+FFFD,
///   and a UTF-8 document declared Latin-1 becomes mojibake.)
/// - A bare `&` that starts no character reference or predefined entity, outside CDATA
///   sections, is escaped as `&amp;` (libxml2 drops the `&` and the name after it, "AT&T"
///   read as "AT", and after an undeclared `&pound;` it dropped even `&amp;`). A character
///   reference to the C1 controls (`&#146;`, `&#x92;`) is read as the Windows-1252 character
///   the writer meant (`’`), as HTML reads it, and one written `&#X41;` (XML 1.0 allows only
///   a lower-case `x`; HTML and feeds in the wild use both) as `&#x41;`.
/// - A reference to an internal entity the document's DTD declares (`<!ENTITY e "…">`) is
///   replaced with its replacement text (XML 1.0 §4.4.2, "included"), which libxml2 then
///   parses as the document's own: libxml2 on its own expands none once an earlier error
///   has made the document not well-formed, and bounds none in SAX mode. Expansion is held
///   to libxml2's own amplification rule (`ExpansionLimit`); past it references read as
///   nothing and `expansionLimitExceeded` is set, for the reader to refuse the feed. An
///   external entity is never read (its references read as nothing).
///
/// Any other declared encoding (Shift_JIS, KOI8-R…) passes through untouched, for libxml2
/// to convert (UTF-16 and UTF-32 are converted to UTF-8 before, see `WideFeedBytes`).
/// Chunks that need no repair are handed on without a copy; at most a few bytes (a split
/// UTF-8 sequence, `<![CDATA[` or a reference) wait for the next chunk.
public struct FeedByteRepair {
    public enum Mode: Sendable { case undecided, repair, passThrough }

    public private(set) var mode: Mode
    private var pending: [UInt8] = []
    private var output: [UInt8] = []
    private var inCDATA = false
    /// The entities the document's DTD declares, by name: their replacement text (see
    /// `markupDeclaration`), empty for an external one.
    private(set) var entities: [[UInt8]: [UInt8]] = [:]
    /// Whether the root element has started: references to declared entities are expanded
    /// there, and left to libxml2 in the DTD (where one entity built of others is refused).
    private(set) var inContent = false
    /// The document's bytes read, and the bytes entity references were expanded to, with
    /// libxml2's fixed cost for each (see `ExpansionLimit`).
    private var consumedBytes = 0
    private var expandedBytes = 0
    /// Whether references expanded to more than `ExpansionLimit` allows (the rest read as nothing).
    public private(set) var expansionLimitExceeded = false

    /// `mode` is `.repair` for bytes known to be UTF-8 whatever they declare, else decided
    /// from the first chunk.
    public init(mode: Mode = .undecided) {
        self.mode = mode
    }

    /// The encodings (lowercased, as declared) this repair reads: the WHATWG Encoding
    /// Standard's labels of UTF-8 and of windows-1252, and the common misspelling `latin-1`;
    /// any other is left to libxml2.
    static let repairedEncodings: Set<String> = Windows1252.labels.union([
        "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8", "x-unicode20utf8", "latin-1",
    ])

    /// Decides from the document's first bytes whether to repair it: by its byte-order
    /// mark, else its declared encoding, else the HTTP `charset` (lowercased), else UTF-8.
    public static func mode(forHead head: UnsafeRawBufferPointer, charset: String? = nil) -> Mode {
        let bytes = Array(head.prefix(512))
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.prefix(4).contains(0) {
            return .passThrough
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return .repair }
        let encoding = declaredEncoding(bytes) ?? charset
        return encoding.map(repairedEncodings.contains) ?? true ? .repair : .passThrough
    }

    /// Whether the HTTP `charset` decides the encoding of a document starting with `head`:
    /// it has no byte-order mark and declares no encoding (XML 1.0 §4.3.3 and Appendix F).
    public static func charsetApplies(toHead head: UnsafeRawBufferPointer) -> Bool {
        let bytes = Array(head.prefix(512))
        let marked =
            bytes.starts(with: [0xEF, 0xBB, 0xBF]) || bytes.starts(with: [0xFE, 0xFF])
            || bytes.starts(with: [0xFF, 0xFE]) || bytes.prefix(4).contains(0)
        return !marked && declaredEncoding(bytes) == nil
    }

    /// The encoding the XML declaration names, lowercased ("" for one written without
    /// quotes); nil when there is none.
    private static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: Array("<?xml".utf8)), let end = bytes.firstRange(of: Array("?>".utf8)) else {
            return nil
        }
        let declaration = bytes[..<end.lowerBound]
        guard let key = declaration.firstRange(of: Array("encoding".utf8)) else { return nil }
        var rest = declaration[key.upperBound...].drop { $0 == 32 || $0 == 61 || $0 == 9 }
        guard let quote = rest.first, quote == 34 || quote == 39 else { return "" }
        rest = rest.dropFirst()
        return String(decoding: rest.prefix { $0 != quote }, as: UTF8.self).lowercased()
    }

    /// Hands `body` the repaired bytes of `input`; `final` flushes whatever was held back.
    public mutating func repair(_ input: UnsafeRawBufferPointer, final: Bool, _ body: (UnsafeRawBufferPointer) -> Void)
    {
        if mode == .undecided { mode = Self.mode(forHead: input) }
        guard mode == .repair else { return body(input) }
        consumedBytes += input.count
        if pending.isEmpty {
            process(input, final: final, body)
        } else {
            var joined = pending
            joined.append(contentsOf: input)
            pending.removeAll()
            joined.withUnsafeBytes { process($0, final: final, body) }
        }
    }

    private mutating func process(_ data: UnsafeRawBufferPointer, final: Bool, _ body: (UnsafeRawBufferPointer) -> Void)
    {
        let count = data.count
        var index = 0
        var runStart = 0
        var modified = false
        output.removeAll(keepingCapacity: true)

        func replace(_ bytes: some Sequence<UInt8>, skipping length: Int) {
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: data[runStart..<index]))
            output.append(contentsOf: bytes)
            modified = true
            index += length
            runStart = index
        }

        scan: while index < count {
            let byte = data[index]
            switch byte {
            case 0x3C where !inCDATA && (index + 1 == count || data[index + 1] == 0x21):  // <![CDATA[, <!ENTITY
                guard let length = markupDeclaration(data, index, final: final) else { break scan }
                index += length
            case 0x5D where inCDATA && (index + 1 == count || data[index + 1] == 0x5D):  // ]]>
                switch Self.match(Self.cdataEnd, data, index) {
                case .yes:
                    inCDATA = false
                    index += Self.cdataEnd.count
                case .more where !final: break scan
                default: index += 1
                }
            case 0x3C where !inContent && index + 1 < count && Self.isNameStart(data[index + 1]):
                inContent = true
                index += 1
            case 0x26 where !inCDATA:
                switch reference(data, index) {
                case .yes where data[index + 1] == 0x23 && data[index + 2] == 0x58:  // &#X41;, as HTML reads it
                    replace(Self.hexReferenceStart, skipping: 3)
                case .yes: index += 1
                case .declared(let length): replace(expansion(data, index, length), skipping: length)
                case .windows1252(let length, let byte): replace(Self.windows1252(byte), skipping: length)
                case .more where !final: break scan
                default: replace(Self.escapedAmpersand, skipping: 1)
                }
            case 0x80...:
                let length = Self.utf8Sequence(data, index)
                if length > 0 {
                    index += length
                } else if length == 0 && !final {
                    break scan
                } else {
                    replace(Self.windows1252(byte), skipping: 1)
                }
            default:
                // Most of a feed is ASCII the repair never acts on: inside CDATA only `]`
                // can matter, outside it only `<` and `&`.
                index = Self.endOfPlainRun(data, from: index + 1, inCDATA: inCDATA)
            }
        }
        if index < count { pending = Array(data[index...]) }
        if !modified { return body(UnsafeRawBufferPointer(rebasing: data[..<index])) }
        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: data[runStart..<index]))
        output.withUnsafeBytes(body)
    }

    /// The bytes to step over at `<!`: a CDATA section's start, which it enters, or one
    /// byte, having noted the name an `<!ENTITY` declares; nil when the chunk ends too soon
    /// to tell.
    private mutating func markupDeclaration(_ data: UnsafeRawBufferPointer, _ index: Int, final: Bool) -> Int? {
        switch Self.match(Self.cdataStart, data, index) {
        case .yes:
            inCDATA = true
            return Self.cdataStart.count
        case .more where !final: return nil
        default: break
        }
        let (found, name, text) = Self.entityDeclaration(data, index)
        if found == .more && !final { return nil }
        // XML 1.0 §4.2: the first declaration of an entity is binding.
        if let name, entities[name] == nil { entities[name] = text }
        return 1
    }

    /// The replacement text of the declared entity referred to by the `length` bytes at
    /// `index`, counted against `ExpansionLimit`; nothing once that is exceeded.
    private mutating func expansion(_ data: UnsafeRawBufferPointer, _ index: Int, _ length: Int) -> [UInt8] {
        guard !expansionLimitExceeded else { return [] }
        let text = entities[Array(data[(index + 1)..<(index + length - 1)])] ?? []
        expandedBytes += text.count + ExpansionLimit.fixedCost
        if expandedBytes > ExpansionLimit.allowance, expandedBytes / ExpansionLimit.factor > consumedBytes {
            expansionLimitExceeded = true
            return []
        }
        return text
    }

    /// The first byte at or after `start` that the repair may act on (non-ASCII, and `]`
    /// in CDATA or `<` and `&` outside it), or the end; eight bytes at a time.
    private static func endOfPlainRun(_ data: UnsafeRawBufferPointer, from start: Int, inCDATA: Bool) -> Int {
        var index = start
        if inCDATA {
            while index + 8 <= data.count {
                let word = ByteWords.load(data, at: index)
                if ByteWords.hasNonASCII(word) || ByteWords.has(word, 0x5D) { break }
                index += 8
            }
            while index < data.count, data[index] < 0x80, data[index] != 0x5D { index += 1 }
        } else {
            while index + 8 <= data.count {
                let word = ByteWords.load(data, at: index)
                if ByteWords.hasNonASCII(word) || ByteWords.has(word, 0x3C) || ByteWords.has(word, 0x26) { break }
                index += 8
            }
            while index < data.count, data[index] < 0x80, data[index] != 0x3C, data[index] != 0x26 { index += 1 }
        }
        return index
    }

    /// The length of the valid UTF-8 sequence at `index`, 0 when the chunk ends inside one,
    /// -1 when the bytes are not UTF-8.
    static func utf8Sequence(_ data: UnsafeRawBufferPointer, _ index: Int) -> Int {
        let lead = data[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return -1
        }
        for offset in 1..<length {
            guard index + offset < data.count else { return 0 }
            let byte = data[index + offset]
            if offset == 1 ? !(low...high).contains(byte) : !(0x80...0xBF).contains(byte) { return -1 }
        }
        return length
    }

    /// A byte read as Windows-1252, in UTF-8; its five undefined bytes read as nothing.
    static func windows1252(_ byte: UInt8) -> [UInt8] {
        Windows1252.scalar(for: byte).map { Array(String(Character($0)).utf8) } ?? []
    }
}
