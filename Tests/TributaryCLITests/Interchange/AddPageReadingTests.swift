import Foundation
import Testing
import TributaryTesting

/// `add` reads a page with libxml2's HTML parser, so pages as they are really written
/// (a lower-case doctype, no `<head>`, unclosed tags, a link inside a comment) announce
/// exactly the feeds a browser would see.
@Suite struct AddPageReadingTests {
    static let page = """
        <!doctype html>
        <meta charset=utf-8>
        <title>Ada</title>
        <!-- <link rel="alternate" type="application/rss+xml" href="/commented.xml"> -->
        <link rel=alternate type=application/atom+xml href=atom.xml title="Ada, in Atom">
        <p>Hello<p>World
        """

    @Test func aLowerCaseDoctypePageWithUnquotedAttributesLeadsToItsFeed() async throws {
        let (result, config, server) = try await AddCommandTests().add("/blog/") { path in
            switch path {
            case "/blog/": .text(Self.page, contentType: "text/html")
            case "/blog/atom.xml": .text(AddCommandTests.atom, contentType: "application/atom+xml")
            default: nil
            }
        }
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(config.contains("\(server.baseURL.absoluteString)/blog/atom.xml"), "\(config)")
        #expect(config.contains(#""title": "Ada, in Atom""#))
        #expect(!server.requests.contains { $0.path == "/commented.xml" }, "a link in a comment is no link")
    }
}
