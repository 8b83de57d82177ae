/// Internal general entities (XML 1.0 §4.2.1): what a declaration's literal stands for, and
/// the bound on how much their references may expand to.
extension FeedByteRepair {
    /// libxml2's amplification rule (`xmlParserEntityCheck`, 2.11 and later): expansions,
    /// each counted as its length plus a fixed cost, may pass a first allowance only while
    /// they stay within a factor of the document's bytes read so far.
    enum ExpansionLimit {
        static let allowance = 1_000_000
        static let fixedCost = 20
        static let factor = 5
    }

    /// How many times the document's size its entities may expand to, past the allowance.
    public static var expansionFactor: Int { ExpansionLimit.factor }

    /// The longest entity value kept; a longer one (cut across many chunks) reads as nothing.
    static let maxEntityValue = 64 * 1024

    /// The replacement text of an entity value literal (§4.5): character references
    /// decoded, everything else (markup, references to other entities) kept for the parser;
    /// bytes that are not UTF-8 read as Windows-1252, as in the rest of the document.
    static func replacementText(_ literal: UnsafeRawBufferPointer) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(literal.count)
        var index = 0
        while index < literal.count {
            let byte = literal[index]
            if byte == 0x26, let (scalar, length) = characterReference(literal, index) {
                text.append(contentsOf: String(Character(scalar)).utf8)
                index += length
            } else if byte >= 0x80, utf8Sequence(literal, index) <= 0 {
                text.append(contentsOf: windows1252(byte))
                index += 1
            } else {
                let length = max(1, byte >= 0x80 ? utf8Sequence(literal, index) : 1)
                text.append(contentsOf: UnsafeRawBufferPointer(rebasing: literal[index..<index + length]))
                index += length
            }
        }
        return text
    }

    /// The character `&#…;` at `index` stands for, and its length; nil for any other `&`.
    private static func characterReference(_ data: UnsafeRawBufferPointer, _ index: Int) -> (Unicode.Scalar, Int)? {
        var position = index + 1
        guard position < data.count, data[position] == 0x23 else { return nil }
        position += 1
        let kind: ReferenceKind = position < data.count && data[position] | 0x20 == 0x78 ? .hexadecimal : .decimal
        if kind == .hexadecimal { position += 1 }
        let start = position
        var value = 0
        while position < data.count, kind.accepts(data[position]) {
            value = kind.accumulate(value, data[position])
            position += 1
        }
        guard position > start, position < data.count, data[position] == 0x3B else { return nil }
        if (0x80...0x9F).contains(value), let scalar = Windows1252.scalar(for: UInt8(value)) {
            return (scalar, position + 1 - index)
        }
        return Unicode.Scalar(UInt32(value)).map { ($0, position + 1 - index) }
    }

    /// Where the quoted value of `<!ENTITY name "…">` ends, from the quote at `start`: the
    /// value's range, `.more` when the chunk ends first, `.no` past `maxEntityValue`.
    static func entityValue(_ data: UnsafeRawBufferPointer, from start: Int) -> (Match, Range<Int>?) {
        let quote = data[start]
        var position = start + 1
        while position < data.count, data[position] != quote {
            guard position - start <= maxEntityValue else { return (.no, nil) }
            position += 1
        }
        return position < data.count ? (.yes, (start + 1)..<position) : (.more, nil)
    }
}
