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
    /// The same template compiled for speed, when it uses only what `TemplateCompiler` takes
    /// (the built-in one does); otherwise swift-mustache renders it.
    let compiled: CompiledTemplate?

    /// A renderer for the template text; throws when the text is not valid Mustache.
    public init(templateText: String) throws {
        // Browsers hash inline code after turning CR LF into LF; hash what they will.
        let text = templateText.replacingOccurrences(of: "\r\n", with: "\n")
        template = try MustacheTemplate(string: text)
        compiled = try? CompiledTemplate(text)
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

    /// The page for `digest`, with a policy naming the hashes of its inline `<script>` and
    /// `<style>` blocks: the page is rendered without the policy, hashed, and the policy put in.
    public func render(_ digest: Digest, images: ReportImages = .linked) -> String {
        render(digest, images: images, compiledIfPossible: true)
    }

    /// The page of `serve`: as `render`, with each remembered item's read and star
    /// controls in the page itself.
    public func renderWithActions(_ digest: Digest) -> String {
        render(digest, images: .linked, compiledIfPossible: true, actions: true)
    }

    /// The HTML part of an e-mail: as `render`, without the page's script (and so without
    /// its search, sort and switches, which the script shows).
    public func renderMessage(_ digest: Digest, images: ReportImages = .linked) -> String {
        render(digest, images: images, compiledIfPossible: true, message: true)
    }

    /// The page as UTF-8 in pieces, to write one after another without joining them.
    public func renderUTF8(_ digest: Digest, images: ReportImages = .linked) -> [ArraySlice<UInt8>] {
        renderUTF8(digest, images: images, compiledIfPossible: true)
    }

    /// The page, rendered by swift-mustache alone when `compiledIfPossible` is false (for tests).
    func render(
        _ digest: Digest, images: ReportImages, compiledIfPossible: Bool, actions: Bool = false, message: Bool = false
    ) -> String {
        let pieces = renderUTF8(
            digest, images: images, compiledIfPossible: compiledIfPossible, actions: actions, message: message)
        return String(decoding: Array(pieces.joined()), as: UTF8.self)
    }

    private func renderUTF8(
        _ digest: Digest, images: ReportImages, compiledIfPossible: Bool, actions: Bool = false,
        message: Bool = false
    ) -> [ArraySlice<UInt8>] {
        var page = ReportPage(digest, images: images, actions: actions)
        page.isMessage = message
        if compiledIfPossible, let compiled, let pieces = try? render(page, compiled, images: images) { return pieces }
        // swift-mustache: once to find and hash the blocks, then with the policy.
        let draft = template.render(page)
        page.csp =
            ContentSecurityPolicy(
                hashing: draft, allowsDataImages: images.allowsDataURIs, mediaOrigins: page.mediaOrigins
            ).header
        return [Array(template.render(page).utf8)[...]]
    }

    /// The page rendered once by the compiled template, its policy filled in afterwards;
    /// throws when the template uses `csp` in a way that needs the second rendering.
    private func render(_ page: ReportPage, _ compiled: CompiledTemplate, images: ReportImages) throws -> [ArraySlice<
        UInt8
    >] {
        let draft = try compiled.draft(.object(page), leavingOut: .csp)
        let blocks = InlineBlocks(bytes: draft.bytes)
        if draft.holes.contains(where: { blocks.contain($0.offset) }) { throw TemplateCompiler.Unsupported() }
        let policy = ContentSecurityPolicy(
            hashing: blocks, allowsDataImages: images.allowsDataURIs, mediaOrigins: page.mediaOrigins)
        return draft.pieces(filling: policy.header)
    }
}
