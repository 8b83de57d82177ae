import Foundation
import Tributary
import TributaryExtract

/// An extracted article as `tributary extract` prints it.
struct ArticleOutput {
    let article: Article

    func render(_ format: ExtractCommand.Format) -> String {
        switch format {
        case .text: text
        case .html: html
        case .json: json
        }
    }

    /// Title, byline and date on lines of their own (each cleaned for the terminal), a
    /// blank line, then the paragraphs.
    var text: String {
        let head = [article.title, article.byline, article.published].compactMap { $0.map(TextCleanup.singleLine) }
            .filter { !$0.isEmpty }
        return (head.isEmpty ? "" : head.joined(separator: "\n") + "\n\n") + article.text + "\n"
    }

    /// A page of its own: the cleaned content under a heading, with a Content-Security-Policy
    /// that lets nothing run and loads only images.
    var html: String {
        let escape = { (text: String) in Self.escaped(TextCleanup.singleLine(text)) }
        let title = article.title.map(escape) ?? ""
        let about = [article.byline, article.published].compactMap { $0 }.map(escape).joined(separator: " · ")
        return """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src http: https:">
            <title>\(title)</title></head>
            <body><article>
            \(title.isEmpty ? "" : "<h1>\(title)</h1>\n")\(about.isEmpty ? "" : "<p>\(about)</p>\n")\(article.html)
            </article></body></html>

            """
    }

    /// `{"title", "byline", "published", "text", "html", "length"}`, absent values null.
    var json: String {
        let fields: [String: Any] = [
            "title": article.title ?? NSNull(), "byline": article.byline ?? NSNull(),
            "published": article.published ?? NSNull(), "text": article.text, "html": article.html,
            "length": article.length,
        ]
        let data = try? JSONSerialization.data(
            withJSONObject: fields, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data ?? Data(), as: UTF8.self) + "\n"
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
