/// Which `<` starts markup. As the HTML standard's tokenizer (§13.2.5.6, tag open state)
/// reads it, only a `<` followed by an ASCII letter (a start tag), `/` and a letter (an end
/// tag), `!` or `?` does; any other `<` is text ("1 < 2"). Stricter than the tokenizer, a
/// tag or declaration must also close with `>` before another `<` outside a quoted
/// attribute value, and a `<!` must be followed by a letter or `[` (`<!DOCTYPE …>`,
/// `<![CDATA[…]]>`; comments are `hiddenMarkupEnd`'s): otherwise the `<` is text, so
/// `<!' <a href="x">` reads `<!'` and an unclosed `<!DOCTYPE` keeps its words, where the
/// tokenizer would read a bogus comment or nothing up to the end.
extension LineCleaner {
    /// The index after the `>` that closes the tag, declaration or processing instruction
    /// starting with the `<` at `index`; nil when that `<` starts no markup and is text.
    static func markupEnd(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard index + 2 < bytes.count else { return nil }
        let next = bytes[index + 1]
        let after = bytes[index + 2]
        let opens =
            switch next {
            case UInt8(ascii: "/"): isLetter(after)
            case UInt8(ascii: "!"): isLetter(after) || after == UInt8(ascii: "[")
            case UInt8(ascii: "?"): true
            default: isLetter(next)
            }
        guard opens else { return nil }
        var position = index + 2
        var quote: UInt8? = nil
        var afterEquals = false
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: ">"): return position
            case UInt8(ascii: "<"): return nil
            case UInt8(ascii: "\""), UInt8(ascii: "'"): if afterEquals { quote = byte }
            default: break
            }
            if byte != 0x20 && !(0x09...0x0D).contains(byte) { afterEquals = byte == UInt8(ascii: "=") }
        }
        return nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        let lowered = byte | 0x20
        return lowered >= 0x61 && lowered <= 0x7A
    }
}
