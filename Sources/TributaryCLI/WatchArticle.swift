import Foundation
import Tributary
import TributaryRendering

/// An item's article view as lines of at most `width` display cells: its title, its
/// source, author and date, its link, then its full text (`content`, cleaned HTML, one
/// paragraph per block) or else its summary, word-wrapped. Every line is cleaned of control
/// characters and escape sequences (`TextCleanup`) before it is measured.
enum WatchArticle {
    static func lines(of item: FeedItem, width: Int, time: TerminalTime) -> [String] {
        var details = [item.source]
        if let author = item.author { details.append(author) }
        if let published = item.published { details.append(time.stamp(published)) }
        var lines = wrap(TextCleanup.singleLine(item.title), width: width)
        lines += wrap(TextCleanup.singleLine(details.joined(separator: " · ")), width: width)
        if let link = item.urlString { lines += wrap(TextCleanup.singleLine(link), width: width) }
        for paragraph in paragraphs(of: item) {
            lines.append("")
            lines += wrap(paragraph, width: width)
        }
        return lines
    }

    /// The text's paragraphs, cleaned: the content's blocks, else the summary, else none.
    static func paragraphs(of item: FeedItem) -> [String] {
        if let content = item.content {
            let blocks = unsafe content.split(separator: blockEnd).map { TextCleanup.plainText(fromHTML: String($0)) }
            let kept = blocks.filter { !$0.isEmpty }
            if !kept.isEmpty { return kept }
        }
        return [item.summary.map(TextCleanup.singleLine) ?? ""].filter { !$0.isEmpty }
    }

    /// Where an HTML block ends: the text on either side is a paragraph of its own.
    nonisolated(unsafe) private static let blockEnd =
        #/(?i)</(p|div|li|h[1-6]|blockquote|pre|tr|ul|ol|table|figure)>|<br\s*/?>/#

    /// `text` in lines of at most `width` cells, broken at spaces; a word wider than a
    /// line is broken between grapheme clusters.
    static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        var line = ""
        var used = 0
        for word in text.split(separator: " ") {
            var word = String(word)
            var cells = DisplayWidth.cells(word)
            if used > 0 && used + 1 + cells <= width {
                line += " " + word
                used += 1 + cells
                continue
            }
            if used > 0 { lines.append(line) }
            while cells > width {
                let (head, rest) = split(word, at: width)
                lines.append(head)
                word = rest
                cells = DisplayWidth.cells(word)
            }
            line = word
            used = cells
        }
        if used > 0 || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The longest start of `word` (whole clusters, at least one) within `width` cells, and the rest.
    private static func split(_ word: String, at width: Int) -> (String, String) {
        var used = 0
        var end = word.startIndex
        for index in word.indices {
            let cells = DisplayWidth.cells(word[index])
            if used + cells > width && end > word.startIndex { break }
            used += cells
            end = word.index(after: index)
        }
        return (String(word[..<end]), String(word[end...]))
    }
}
