/// Makes remote text safe and tidy to show: no control characters or escape
/// sequences that could drive a terminal, whitespace collapsed, HTML reduced to text.
public enum TextCleanup {
    /// One line: control characters (C0, DEL, C1, including ESC) removed, runs of
    /// whitespace collapsed to one space, trimmed.
    public static func singleLine(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !output.isEmpty
            } else if !isControl(scalar) {
                if pendingSpace { output.append(" ") }
                pendingSpace = false
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// Plain text from an HTML fragment: tags dropped, block ends as spaces, entities decoded once.
    public static func plainText(fromHTML html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" {
                inTag = true
                text.append(" ")
            } else if character == ">" && inTag {
                inTag = false
            } else if !inTag {
                text.append(character)
            }
        }
        return singleLine(HTMLEntities.decode(text))
    }

    /// Cuts text to at most `count` characters, ending with "…" when cut.
    public static func truncate(_ text: String, to count: Int) -> String {
        text.count <= count ? text : String(text.prefix(max(0, count - 1))) + "…"
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{200E}" || scalar == "\u{200F}"
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
