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

    /// `resolve` of a reference's UTF-8 bytes: an absolute one becomes a String as it is.
    static func resolve(utf8 reference: UnsafeBufferPointer<UInt8>, against base: String?) -> String {
        let trimmed = TextCleanup.trimmed(utf8: reference)
        let text = String(decoding: trimmed, as: UTF8.self)
        return base == nil || hasScheme(trimmed) ? text : resolve(text, against: base)
    }

    static func hasScheme(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(hasScheme)
    }

    private static func hasScheme(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), colon != 0 else { return false }
        return utf8[..<colon].allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2B
                || byte == 0x2D || byte == 0x2E
        }
    }

    static let imageExtensions = ["jpg", "jpeg", "png", "gif", "webp", "avif"]

    /// Whether the URL's path (before any query or fragment) ends in an image extension.
    static func looksLikeImage(_ url: String) -> Bool {
        let path = url.utf8.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        guard let dot = path.lastIndex(of: UInt8(ascii: ".")), path.distance(from: dot, to: path.endIndex) <= 5 else {
            return false
        }
        let suffix = String(decoding: path[path.index(after: dot)...], as: UTF8.self).lowercased()
        return imageExtensions.contains(suffix)
    }

    /// The first `<img src="…">` in an HTML fragment's UTF-8 (its first 64 KB).
    static func firstImage(inHTML html: UnsafeBufferPointer<UInt8>) -> String? {
        let utf8 = html.prefix(65_536)
        guard let tag = utf8.firstRange(of: Array("<img".utf8)) else { return nil }
        let rest = utf8[tag.upperBound...].prefix(2048)
        guard let src = rest.firstRange(of: Array("src=".utf8)), src.upperBound < rest.endIndex else { return nil }
        let quote = rest[src.upperBound]
        let start = quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") ? src.upperBound + 1 : src.upperBound
        let terminators: Set<UInt8> =
            quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") ? [quote] : [32, 62, 9, 10]
        let end = rest[start...].firstIndex(where: terminators.contains) ?? rest.endIndex
        let value = HTMLEntities.decode(String(decoding: rest[start..<end], as: UTF8.self))
        return value.isEmpty ? nil : value
    }
}
