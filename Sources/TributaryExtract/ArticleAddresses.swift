import Foundation

/// Makes a page's link and image addresses absolute against its `<base href>` (itself
/// resolved against the page's address) or the page's address, and refuses every
/// scheme but the allowed ones (`javascript:`, `data:`, `vbscript:` and the rest).
struct ArticleAddresses {
    let base: URL?

    init(pageURL: URL?, tree: PageTree) {
        let href = tree.first("base").flatMap { tree[$0].attribute("href") }.map(Self.stripped)
        if let href, let resolved = URL(string: href, relativeTo: pageURL)?.absoluteURL, resolved.scheme != nil {
            base = resolved
        } else {
            base = pageURL
        }
    }

    /// The absolute address (relative as it is when there is no base to resolve it
    /// against), or nil when it is malformed or of a scheme not in `schemes`.
    func resolve(_ value: String, schemes: Set<String>) -> String? {
        let cleaned = Self.stripped(value)
        guard !cleaned.isEmpty, let url = URL(string: cleaned, relativeTo: base)?.absoluteURL else { return nil }
        guard let scheme = url.scheme?.lowercased() else { return base == nil ? cleaned : nil }
        return schemes.contains(scheme) ? url.absoluteString : nil
    }

    /// The value as a browser reads it (WHATWG URL): spaces and control characters around
    /// it and tabs and line breaks in it ignored (so `java\tscript:` is the `javascript:`
    /// it is); spaces within it percent-encoded; other control characters dropped.
    static func stripped(_ value: String) -> String {
        if !value.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) { return value }
        var scalars = Substring(value).unicodeScalars.drop { $0.value <= 0x20 }
        while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
        var result = ""
        for scalar in scalars where scalar.value >= 0x20 && scalar.value != 0x7F {
            if scalar == " " { result += "%20" } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}
