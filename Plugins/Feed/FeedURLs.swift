import Foundation
import Tributary

/// URL helpers for feeds: relative references, image guesses, well-known feed addresses.
enum FeedURLs {
    /// `reference` resolved against `base` (an `xml:base` or the feed's URL).
    static func resolve(_ reference: String, against base: String?) -> String {
        let reference = TextCleanup.trimmed(reference)
        guard let base, !hasScheme(reference), let baseURL = URL(string: base),
            let resolved = URL(string: reference, relativeTo: baseURL)
        else { return reference }
        return resolved.absoluteString
    }

    static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let scheme = text[..<colon]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
    }

    static func looksLikeImage(_ url: String) -> Bool {
        let path = (URL(string: url)?.path ?? url).lowercased()
        return [".jpg", ".jpeg", ".png", ".gif", ".webp", ".avif"].contains { path.hasSuffix($0) }
    }

    /// The first `<img src="…">` in an HTML fragment (its first 64 KB).
    static func firstImage(inHTML html: String) -> String? {
        let utf8 = Array(html.utf8.prefix(65_536))
        guard let tag = utf8.firstRange(of: Array("<img".utf8)) else { return nil }
        let rest = utf8[tag.upperBound...].prefix(2048)
        guard let src = rest.firstRange(of: Array("src=".utf8)), src.upperBound < rest.endIndex else { return nil }
        let quote = rest[src.upperBound]
        let start = quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") ? src.upperBound + 1 : src.upperBound
        let terminators: Set<UInt8> = quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") ? [quote] : [32, 62, 9, 10]
        let end = rest[start...].firstIndex(where: terminators.contains) ?? rest.endIndex
        let value = HTMLEntities.decode(String(decoding: rest[start..<end], as: UTF8.self))
        return value.isEmpty ? nil : value
    }
}
