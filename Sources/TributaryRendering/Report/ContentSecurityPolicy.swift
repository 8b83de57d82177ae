import Foundation

/// The report's Content-Security-Policy: nothing is allowed but the page's own inline
/// `<script>` and `<style>` blocks (by SHA-256 hash) and images from the web
/// (and `data:` when images are embedded).
struct ContentSecurityPolicy: Equatable {
    var scriptHashes: [String]
    var styleHashes: [String]
    var allowsDataImages: Bool

    /// The policy for a rendered page: hashes of every inline script and style block in `html`.
    init(hashing html: String, allowsDataImages: Bool) {
        scriptHashes = Self.blocks(named: "script", in: html).map(Self.hashSource)
        styleHashes = Self.blocks(named: "style", in: html).map(Self.hashSource)
        self.allowsDataImages = allowsDataImages
    }

    /// The policy as the `content` of a `<meta http-equiv="Content-Security-Policy">`.
    var header: String {
        let images = allowsDataImages ? "https: http: data:" : "https: http:"
        return [
            "default-src 'none'",
            "script-src " + Self.sources(scriptHashes),
            "style-src " + Self.sources(styleHashes),
            "img-src \(images)",
            "base-uri 'none'",
            "form-action 'none'",
        ].joined(separator: "; ")
    }

    private static func sources(_ hashes: [String]) -> String {
        hashes.isEmpty ? "'none'" : hashes.joined(separator: " ")
    }

    /// `'sha256-…'` of one block's text, as browsers hash it.
    static func hashSource(_ text: String) -> String {
        "'sha256-\(Data(SHA256.hash(Array(text.utf8))).base64EncodedString())'"
    }

    /// The text inside every `<name …>…</name>` element of `html`, in order.
    static func blocks(named name: String, in html: String) -> [String] {
        let pattern = "<\(name)\\b[^>]*>(.*?)</\(name)\\s*>"
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive, .dotMatchesLineSeparators]) else { return [] }
        let range = NSRange(html.startIndex..., in: html)
        return regex.matches(in: html, range: range).compactMap { match in
            Range(match.range(at: 1), in: html).map { String(html[$0]) }
        }
    }
}
