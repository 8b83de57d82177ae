import Foundation

/// The report's Content-Security-Policy: nothing is allowed but the page's own inline
/// `<script>` and `<style>` blocks (by SHA-256 hash), images from the web
/// (and `data:` when images are embedded), and audio and video from the origins of the
/// page's episodes alone.
struct ContentSecurityPolicy: Equatable {
    var scriptHashes: [String]
    var styleHashes: [String]
    var allowsDataImages: Bool
    /// `scheme://host[:port]` of each file the page plays (`ReportEpisode.origin`).
    var mediaOrigins: [String] = []

    /// The policy for a rendered page: hashes of every inline script and style block in `html`.
    init(hashing html: String, allowsDataImages: Bool, mediaOrigins: [String] = []) {
        self.init(hashing: InlineBlocks(html), allowsDataImages: allowsDataImages, mediaOrigins: mediaOrigins)
    }

    /// The policy for a page's script and style `blocks`.
    init(hashing blocks: InlineBlocks, allowsDataImages: Bool, mediaOrigins: [String] = []) {
        scriptHashes = blocks.contents(blocks.scripts).map(Self.hashSource)
        styleHashes = blocks.contents(blocks.styles).map(Self.hashSource)
        self.allowsDataImages = allowsDataImages
        self.mediaOrigins = mediaOrigins
    }

    /// The policy as the `content` of a `<meta http-equiv="Content-Security-Policy">`.
    var header: String {
        let images = allowsDataImages ? "https: http: data:" : "https: http:"
        // `default-src 'none'` blocks media on a page without episodes.
        let media = mediaOrigins.isEmpty ? [] : ["media-src " + mediaOrigins.joined(separator: " ")]
        return
            ([
                "default-src 'none'",
                "script-src " + Self.sources(scriptHashes),
                "style-src " + Self.sources(styleHashes),
                "img-src \(images)",
            ] + media + ["base-uri 'none'", "form-action 'none'"]).joined(separator: "; ")
    }

    private static func sources(_ hashes: [String]) -> String {
        hashes.isEmpty ? "'none'" : hashes.joined(separator: " ")
    }

    /// `'sha256-…'` of one block's UTF-8 text, as browsers hash it.
    static func hashSource(_ text: ArraySlice<UInt8>) -> String {
        "'sha256-\(Data(SHA256.hash(text)).base64EncodedString())'"
    }
}
