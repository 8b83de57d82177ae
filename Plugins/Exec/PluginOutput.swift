import Foundation
import Tributary
import TributarySyndication

/// Reads what a plugin wrote to standard output: a JSON Feed 1.1 document, or one JSON
/// item per line. Output is untrusted: malformed lines fail the source naming the
/// line; the host then caps and sanitizes every item's text and URLs.
enum PluginOutput {
    /// The items in `data`; `program` names the plugin in messages and is the base for
    /// relative links in a JSON Feed (which therefore end up dropped as non-web URLs).
    static func update(from data: Data, program: URL) throws -> SourceUpdate {
        guard let text = String(data: data, encoding: .utf8) else {
            throw TributaryError(.badResponse, "\(program.lastPathComponent) wrote output that is not UTF-8 text")
        }
        if case .object(let object)? = try? JSONReader.parse(data, as: .remote).0, JSONFeed.declaresJSONFeed(object) {
            return try JSONFeed.update(from: data, documentURL: program)
        }
        return SourceUpdate(items: try lines(text, program: program.lastPathComponent), notes: [])
    }

    /// One item per non-blank line.
    static func lines(_ text: String, program: String) throws -> [FeedItem] {
        var items: [FeedItem] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { continue }
            do {
                items.append(try item(trimmed))
            } catch let problem as PluginItem.Problem {
                let shown = TextCleanup.truncate(TextCleanup.singleLine(trimmed), to: 80)
                throw TributaryError(
                    .badResponse, "\(program) output line \(index + 1): \(problem.message) in \(shown)")
            }
        }
        return items
    }

    private static func item(_ line: String) throws -> FeedItem {
        guard let value = try? JSONReader.parse(Data(line.utf8), as: .remote).0 else {
            throw PluginItem.Problem(
                message: "not valid JSON (write a JSON Feed document, or one JSON object per line)")
        }
        guard case .object(let object) = value else {
            throw PluginItem.Problem(message: "expected a JSON object, found \(value.typeName)")
        }
        return try PluginItem(object).item()
    }
}
