/// Text made safe for XML 1.0 element content and attribute values.
public enum XMLText {
    /// `text` with `&`, `<`, `>` and `"` as entities, and the characters XML 1.0 forbids
    /// (most C0 controls, lone surrogates' stand-ins U+FFFE/U+FFFF) left out.
    public static func escape(_ text: String) -> String {
        var escaped = String.UnicodeScalarView()
        escaped.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped.append(contentsOf: "&amp;".unicodeScalars)
            case "<": escaped.append(contentsOf: "&lt;".unicodeScalars)
            case ">": escaped.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": escaped.append(contentsOf: "&quot;".unicodeScalars)
            default: if isAllowed(scalar) { escaped.append(scalar) }
            }
        }
        return String(escaped)
    }

    /// A plain-text summary as the HTML of one paragraph-less run of text, then escaped for
    /// XML: what Atom's `type="html"` and RSS's `description` carry. A reader unescapes the
    /// XML, then reads the HTML, and gets the plain text back.
    static func escapedHTML(_ plainText: String) -> String {
        escape(escape(plainText))
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
