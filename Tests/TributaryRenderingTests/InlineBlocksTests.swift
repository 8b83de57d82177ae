import Foundation
import Testing
@testable import TributaryRendering

/// The byte scanner finds the blocks the regular expression it replaced found.
@Suite struct InlineBlocksTests {
    /// The regular expression the policy used before, kept here as the reference.
    static func reference(named name: String, in html: String) throws -> [String] {
        let regex = try NSRegularExpression(
            pattern: "<\(name)\\b[^>]*>(.*?)</\(name)\\s*>", options: [.caseInsensitive, .dotMatchesLineSeparators]
        )
        return regex.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap { match in
            Range(match.range(at: 1), in: html).map { String(html[$0]) }
        }
    }

    static let pages = [
        "<style>a{}</style><script>go()</script>",
        "<SCRIPT type=\"module\">x</SCRIPT ><Style\nmedia=print>b{}</sTyLe\t>",
        "<script>one</script><script>two</script>\n<script>\nthree\n</script   >",
        "<scripts>no</scripts><script-x>no</script-x><script_>no</script_><scriptä>no</scriptä>",
        "<script\u{A0}a>yes</script><script>open without an end",
        "<script>a</script\u{2003}>é 東京 🇳🇴</script>",
        "<style>unclosed <style>x</style>",
        "<script src=\"a>b\">c</script></script>",
        "no blocks at all <scrip> </scrip",
        "",
    ]

    @Test(arguments: pages)
    func theScannerFindsWhatTheRegularExpressionFound(page: String) throws {
        let blocks = InlineBlocks(page)
        for (name, ranges) in [("script", blocks.scripts), ("style", blocks.styles)] {
            let found = blocks.contents(ranges).map { String(decoding: $0, as: UTF8.self) }
            #expect(found == (try Self.reference(named: name, in: page)), "\(name)")
        }
    }

    @Test func theBuiltInPagesHashesAreThoseOfItsBlocks() throws {
        let html = try HTMLReportRenderer().render(GoldenTests.digest)
        let scripts = try Self.reference(named: "script", in: html).map {
            ContentSecurityPolicy.hashSource(Array($0.utf8)[...])
        }
        #expect(scripts.count == 1)
        #expect(ContentSecurityPolicy(hashing: html, allowsDataImages: false).scriptHashes == scripts)
    }
}
