import Foundation
import Testing
import Tributary
import TributaryRendering

/// Reads the Markdown digest back with `cmark`, the CommonMark reference renderer
/// (Debian's `cmark`, installed by `scripts/bootstrap --tests`): every title must come out
/// as the text it was, and only what CommonMark would read as markup may be escaped.
@Suite struct MarkdownCommonMarkTests {
    static let titles = [
        "snake_case_names and __dunder__ _emphasis_",
        "*stars* and **strong** * lone",
        "C# 12 # not a heading ##",
        "[not a link](https://evil.example) and ![no image](x.png)",
        "`code` and <b>raw HTML</b> and <https://auto.link>",
        "&amp; &#38; &#x26; stay as typed; AT&T & friends",
        "C++ & .NET (2.0) - 100% {braces} ~tilde~ | pipe + plus! 1. not a list",
        "back\\slash",
    ]

    static func digest() -> Digest {
        Digest(
            title: "Titles # with [markup]", generatedAt: Date(timeIntervalSince1970: 1_795_320_000), sources: [],
            items: titles.enumerated().map { index, title in
                FeedItem(
                    id: "t:\(index)", source: "src_1", sourceType: "feed", kind: .article, title: title,
                    url: URL(string: "https://example.org/\(index)"), author: "Ada *the* Coder", published: nil,
                    score: nil, summary: nil)
            })
    }

    @Test func titlesReadBackExactlyInACommonMarkRenderer() throws {
        let html = try Self.commonMark(MarkdownRenderer().render(Self.digest()))
        for title in Self.titles {
            #expect(html.contains(">" + Self.escapedHTML(title) + "</a>"), "\(title) did not survive: \(html)")
        }
        #expect(html.contains("<h1>Titles # with [markup]</h1>"))
        #expect(html.contains("src_1 · Ada *the* Coder"))
        let items = html.components(separatedBy: "<li>").dropFirst().joined()
        #expect(!items.contains("<em>") && !items.contains("<code>") && !items.contains("<img"), "\(items)")
    }

    @Test func onlyWhatCommonMarkReadsAsMarkupIsEscaped() {
        let markdown = MarkdownRenderer().render(Self.digest())
        #expect(markdown.contains("[C++ & .NET (2.0) - 100% {braces} ~tilde~ | pipe + plus! 1. not a list]("))
        #expect(markdown.contains(##"\&amp; \&\#38; \&\#x26; stay as typed; AT&T & friends"##))
    }

    static func escapedHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// The HTML `cmark` makes of `markdown`.
    static func commonMark(_ markdown: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/cmark")
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(markdown.utf8))
        try input.fileHandleForWriting.close()
        let html = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: html, as: UTF8.self)
    }
}
