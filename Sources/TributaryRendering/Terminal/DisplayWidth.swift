/// How many terminal cells text takes, and text cut to fit a number of cells.
///
/// A grapheme cluster (a `Character`) is measured as a terminal draws it: two cells for an
/// East Asian wide or fullwidth character (see `DisplayWidthTable.swift`, generated from
/// Unicode data) and for an emoji shown as a picture (emoji presentation, a VS16, a flag,
/// a ZWJ sequence); none for a cluster of combining marks or format characters alone;
/// one for the rest. A cluster is never split: its marks and joiners count with it.
public enum DisplayWidth {
    /// The cells `text` takes on a terminal.
    public static func cells(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }  // printable ASCII: one cell each
        return text.reduce(0) { $0 + cells($1) }
    }

    /// `text` when it fits in `limit` cells, else its longest start (whole clusters) that
    /// fits with an ellipsis after it: `"東京タワ…"`.
    public static func fitting(_ text: String, in limit: Int) -> String {
        if text.utf8.count <= limit || cells(text) <= limit { return text }
        let room = limit - 1  // the ellipsis takes one cell
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let width = cells(text[index])
            if used + width > room { break }
            used += width
            end = text.index(after: index)
        }
        return room < 0 ? "" : String(text[..<end]) + "…"
    }

    /// The cells one grapheme cluster takes.
    public static func cells(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x80 { return first.value >= 0x20 && first.value != 0x7F ? 1 : 0 }
        if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }  // VS16: emoji presentation
        if scalars.contains(where: { $0.value == 0xFE0E }) { return 1 }  // VS15: text presentation
        if first.properties.isEmojiPresentation || isWide(first.value) { return 2 }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }  // a regional-indicator flag
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: return 1
        }
    }

    /// Whether the code point is East Asian wide or fullwidth (binary search of the table).
    static func isWide(_ value: UInt32) -> Bool {
        guard value >= wideRanges[0].lowerBound else { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
