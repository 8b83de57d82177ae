/// What the repair looks ahead at: CDATA sections, references and entity declarations.
extension FeedByteRepair {
    enum Match: Equatable {
        case yes, no, more
        /// A reference to an entity the DTD declares, `length` bytes long, `&` and `;` included.
        case declared(length: Int)
        /// A character reference, `length` bytes long, to a C1 control: `byte` in Windows-1252.
        case windows1252(length: Int, byte: UInt8)
    }

    static let cdataStart = Array("<![CDATA[".utf8)
    static let cdataEnd = Array("]]>".utf8)
    static let escapedAmpersand = Array("&amp;".utf8)
    static let hexReferenceStart = Array("&#x".utf8)
    private static let entityDeclarationStart = Array("<!ENTITY".utf8)

    static func match(_ pattern: [UInt8], _ data: UnsafeRawBufferPointer, _ index: Int) -> Match {
        for offset in pattern.indices {
            guard index + offset < data.count else { return .more }
            if data[index + offset] != pattern[offset] { return .no }
        }
        return .yes
    }

    /// The name `<!ENTITY name` at `index` declares and, for an internal entity, its
    /// replacement text (an external one's is empty: it is never loaded): `.yes` with the
    /// name, `.no` (and no name) for anything else, a parameter entity (`<!ENTITY % name`)
    /// included.
    static func entityDeclaration(_ data: UnsafeRawBufferPointer, _ index: Int) -> (
        Match, name: [UInt8]?, text: [UInt8]
    ) {
        let found = match(entityDeclarationStart, data, index)
        guard found == .yes else { return (found, nil, []) }
        var position = index + entityDeclarationStart.count
        let isSpace = { (byte: UInt8) in [0x20, 0x09, 0x0A, 0x0D].contains(byte) }
        while position < data.count, isSpace(data[position]) { position += 1 }
        let start = position
        while position < data.count, position - start <= 32, ReferenceKind.name.accepts(data[position]) {
            position += 1
        }
        guard position < data.count else { return (.more, nil, []) }
        guard position > start, isNameStart(data[start]), isSpace(data[position]) else { return (.no, nil, []) }
        let name = Array(data[start..<position])
        while position < data.count, isSpace(data[position]) { position += 1 }
        guard position < data.count else { return (.more, nil, []) }
        guard data[position] == 0x22 || data[position] == 0x27 else { return (.yes, name, []) }
        let (ended, value) = entityValue(data, from: position)
        guard let value else { return (ended == .more ? .more : .yes, ended == .more ? nil : name, []) }
        return (.yes, name, replacementText(UnsafeRawBufferPointer(rebasing: data[value])))
    }

    private static let predefinedEntities = ["amp", "lt", "gt", "quot", "apos"].map { Array($0.utf8) }

    /// Whether `&` at `index` starts `&#123;`, `&#x1F;` or one of XML's five predefined
    /// entities (`.yes`), or a reference to an entity the DTD declares (`.declared`), which
    /// the repair replaces with the entity's text. Any other name
    /// (`&nbsp;`, `&pound;`) is undeclared, and libxml2 would drop it; escaped, it reaches
    /// the text as `&pound;`, which the mapping's HTML entity decoding turns into `£`.
    func reference(_ data: UnsafeRawBufferPointer, _ index: Int) -> Match {
        var position = index + 1
        guard position < data.count else { return .more }
        let first = data[position]
        let kind: ReferenceKind
        if first == 0x23 {
            position += 1
            guard position < data.count else { return .more }
            if data[position] | 0x20 == 0x78 {
                position += 1
                kind = .hexadecimal
            } else {
                kind = .decimal
            }
        } else {
            guard Self.isNameStart(first) else { return .no }
            kind = .name
        }
        let start = position
        var value = 0
        while position - index <= 32 {
            guard position < data.count else { return .more }
            let byte = data[position]
            if byte == 0x3B {
                guard position > start else { return .no }
                if (0x80...0x9F).contains(value) {
                    return .windows1252(length: position + 1 - index, byte: UInt8(value))
                }
                // In the DTD a reference is left to libxml2, which refuses an entity built of others.
                if kind != .name || !inContent { return .yes }
                let name = UnsafeRawBufferPointer(rebasing: data[start..<position])
                if Self.predefinedEntities.contains(where: { $0.elementsEqual(name) }) { return .yes }
                let declared = entities[Array(name)] != nil
                return declared ? .declared(length: position + 1 - index) : .no
            }
            guard kind.accepts(byte) else { return .no }
            value = kind.accumulate(value, byte)
            position += 1
        }
        return .no
    }

    enum ReferenceKind {
        case decimal, hexadecimal, name

        /// `value` with one more digit, for a character reference; 0 for a name. Capped, so
        /// that a long run of digits cannot overflow (it is no C1 reference then either).
        func accumulate(_ value: Int, _ byte: UInt8) -> Int {
            let digit = Int(byte | 0x20) - (isDigit(byte) ? 0x30 : 0x57)
            switch self {
            case .decimal: return min(value * 10 + digit, 0x11_0000)
            case .hexadecimal: return min(value * 16 + digit, 0x11_0000)
            case .name: return 0
            }
        }

        func accepts(_ byte: UInt8) -> Bool {
            switch self {
            case .decimal: isDigit(byte)
            case .hexadecimal: isDigit(byte) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66)
            case .name: isNameStart(byte) || isDigit(byte) || byte == 0x2D || byte == 0x2E
            }
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x5F || byte == 0x3A || byte >= 0x80
    }
}
