import Foundation
import Mustache
import Tributary

/// Renders the digest as one self-contained HTML page from a Mustache template:
/// a header with a status chip per source, a photo gallery, lists of questions, posts
/// and articles, and a timeline, with inline CSS and JavaScript and a
/// Content-Security-Policy that allows only the page's own inline code.
///
/// The template escapes every value (`{{value}}`); the renderer only hands it plain
/// text and http/https URLs. The default template is
/// `Sources/TributaryRendering/Templates/report.mustache`; a copy can be passed instead.
public struct HTMLReportRenderer: Sendable {
    let template: MustacheTemplate

    /// A renderer for the template text; throws when the text is not valid Mustache.
    public init(templateText: String) throws {
        // Browsers hash inline code after turning CR LF into LF; hash what they will.
        template = try MustacheTemplate(string: templateText.replacingOccurrences(of: "\r\n", with: "\n"))
    }

    /// A renderer for the template in `file`.
    public init(templateFile file: URL) throws {
        try self.init(templateText: String(contentsOf: file, encoding: .utf8))
    }

    /// A renderer for the template that ships with Tributary.
    public init() throws {
        try self.init(templateFile: Self.defaultTemplate)
    }

    /// Where the default template is installed (inside the resource bundle).
    public static var defaultTemplate: URL {
        Bundle.module.url(forResource: "report", withExtension: "mustache", subdirectory: "Templates")!
    }

    /// The page for `digest`. The page is rendered twice: once to find and hash its
    /// inline `<script>` and `<style>` blocks, then with the policy naming those hashes.
    public func render(_ digest: Digest, images: ReportImages = .linked) -> String {
        var page = ReportPage(digest, images: images)
        let draft = template.render(page)
        page.csp = ContentSecurityPolicy(hashing: draft, allowsDataImages: images.allowsDataURIs).header
        return template.render(page)
    }
}
