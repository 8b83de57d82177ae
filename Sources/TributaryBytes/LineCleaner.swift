/// Remote text made one clean line in one pass over its UTF-8 bytes: controls and the
/// invisible code points dropped, whitespace collapsed to single spaces, and, as asked,
/// HTML tags dropped and character references decoded. Which code point is of which kind
/// is the caller's rule (`classify`, given a non-ASCII code point); this is the byte work.
///
/// It runs on every title, summary and tag of every item, so it has an ASCII fast path
/// and writes straight into the result's storage.
public struct LineCleaner: Sendable {
    /// Whether tags are dropped (inline ones such as `<a>` or `<em>` without a trace, any
    /// other as a space).
    public let droppingTags: Bool
    /// Whether HTML character references are decoded, once.
    public let decodingEntities: Bool
    /// The kind of a non-ASCII code point, by its value.
    let classify: @Sendable (UInt32) -> CodePointKind

    public init(
        droppingTags: Bool, decodingEntities: Bool,
        classify: @escaping @Sendable (UInt32) -> CodePointKind
    ) {
        (self.droppingTags, self.decodingEntities, self.classify) = (droppingTags, decodingEntities, classify)
    }

    /// The clean line of `bytes`, made a String once.
    public func line(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        needsWork(bytes) ? cleaned(bytes) : String(decoding: bytes, as: UTF8.self)
    }

    /// The clean line of `text`; `text` itself when nothing would change.
    public func line(_ text: String) -> String {
        BorrowedBuffers.utf8(of: text) { bytes in needsWork(bytes) ? cleaned(bytes) : nil } ?? text
    }

    /// Whether `line` gives `text` back as it is.
    public func leavesUnchanged(_ text: String) -> Bool {
        BorrowedBuffers.utf8(of: text) { bytes in !needsWork(bytes) || cleaned(bytes).utf8.elementsEqual(bytes) }
    }

    /// Whether anything might change: a tag or reference to handle, a control, invisible or
    /// whitespace code point other than a single inner space, or a space at either end.
    func needsWork(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        droppingTags || (decodingEntities && bytes.contains(UInt8(ascii: "&"))) || needsCleaning(bytes)
    }

    /// Whether whitespace or a code point other than printable ASCII needs looking at.
    /// Joiners, variation selectors and tags count, though the cleaner keeps them where they are needed.
    func needsCleaning(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return false }
        if first == 0x20 || last == 0x20 { return true }
        var previousWasSpace = false
        var index = 0
        let raw = UnsafeRawBufferPointer(bytes)
        while index < bytes.count {
            if index + 8 <= bytes.count {
                // Eight bytes at once: printable ASCII without two spaces in a row is clean.
                let word = ByteWords.load(raw, at: index)
                if !ByteWords.hasNonASCII(word), !ByteWords.hasByte(word, below: 0x20), !ByteWords.has(word, 0x7F) {
                    let spaces = ByteWords.matches(word, 0x20)
                    if spaces & (spaces << 8) != 0 || (previousWasSpace && spaces & 0x80 != 0) { return true }
                    previousWasSpace = spaces >> 63 != 0
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            if byte < 0x80 {
                if byte < 0x20 || byte == 0x7F || (byte == 0x20 && previousWasSpace) { return true }
                previousWasSpace = byte == 0x20
                index += 1
                continue
            }
            let sequence = sequence(in: bytes, at: index)
            let kind = kind(of: sequence)
            if kind != .kept && kind != .blackFlag { return true }
            previousWasSpace = false
            index += sequence.count
        }
        return false
    }

    /// The UTF-8 sequence whose lead byte is at `index`, cut short at the end of `bytes`.
    func sequence(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UnsafeBufferPointer<UInt8> {
        let length = min(CodePointKind.sequenceLength(bytes[index]), bytes.count - index)
        return UnsafeBufferPointer(rebasing: bytes[index..<(index + length)])
    }
}
