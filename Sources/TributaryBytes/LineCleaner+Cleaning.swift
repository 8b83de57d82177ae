extension LineCleaner {
    /// One pass over the bytes, written straight into the result: tags dropped (as a
    /// space), references decoded, whitespace collapsed, controls and overrides dropped.
    /// The result is never longer than the input: a tag, a reference or a run of
    /// whitespace is always at least as long as what replaces it.
    func cleaned(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { output in
            var line = LineWriter(output: output)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if droppingTags, byte == UInt8(ascii: "<") {
                    if let end = Self.hiddenMarkupEnd(bytes, at: index) {
                        index = end
                        continue
                    }
                    if let end = Self.markupEnd(bytes, at: index) {
                        if !Self.isInlineTag(bytes, at: index) { line.space() }
                        index = end
                        continue
                    }
                }
                if decodingEntities, byte == UInt8(ascii: "&"),
                    let (scalar, length) = HTMLCharacterReferences.reference(in: bytes, at: index)
                {
                    line.append(scalar, classify: kind(of:))
                    index += length
                    continue
                }
                if byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "<") && byte != UInt8(ascii: "&") {
                    index = line.appendWord(in: bytes, from: index)
                    continue
                }
                if byte < 0x80 {
                    line.append(ascii: byte)
                    index += 1
                    continue
                }
                let sequence = sequence(in: bytes, at: index)
                line.append(sequence, kind: kind(of: sequence))
                index += sequence.count
            }
            return line.finish()
        }
    }

    /// Phrasing elements, which sit inside a line: their tags separate nothing. Each name
    /// is packed into an integer (see `packedName`), so a tag is looked up without a String.
    static let inlineTags: [UInt64] = [
        "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "font", "i", "ins", "kbd", "mark",
        "q", "s", "samp", "small", "span", "strike", "strong", "sub", "sup", "time", "tt", "u", "var", "wbr",
    ].map { name in name.utf8.reduce(0) { $0 << 8 | UInt64($1) } }

    /// Whether the tag starting with the `<` at `index` opens or closes an inline element.
    static func isInlineTag(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var position = index + 1
        if position < bytes.count, bytes[position] == UInt8(ascii: "/") { position += 1 }
        var packedName: UInt64 = 0
        var length = 0
        while position < bytes.count, case let letter = bytes[position] | 0x20, letter >= 0x61, letter <= 0x7A {
            guard length < 6 else { return false }
            packedName = packedName << 8 | UInt64(letter)
            length += 1
            position += 1
        }
        return length > 0 && inlineTags.contains(packedName)
    }
}
