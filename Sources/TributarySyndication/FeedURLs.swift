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
        guard let tag = range(of: Array("<img".utf8), in: utf8) else { return nil }
        let rest = utf8[tag.upperBound...].prefix(2048)
        guard let src = range(of: Array("src=".utf8), in: rest), src.upperBound < rest.endIndex else { return nil }
        let quote = rest[src.upperBound]
        let start = quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") ? src.upperBound + 1 : src.upperBound
        let terminators: Set<UInt8> =
            quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") ? [quote] : [32, 62, 9, 10]
        let end = rest[start...].firstIndex(where: terminators.contains) ?? rest.endIndex
        let value = HTMLEntities.decode(String(decoding: rest[start..<end], as: UTF8.self))
        return value.isEmpty ? nil : value
    }

    /// Where `pattern` first occurs in `bytes`. Foundation's generic `firstRange(of:)` took
    /// a quarter of the whole digest's CPU on the shared generator's 100,000-item RSS file
    /// (every description holds HTML); this scan, which jumps between first bytes, is not
    /// measurable there.
    private static func range(
        of pattern: [UInt8], in bytes: Slice<UnsafeBufferPointer<UInt8>>
    ) -> Range<Int>? {
        var from = bytes.startIndex
        while let first = bytes[from...].firstIndex(of: pattern[0]) {
            let end = first + pattern.count
            guard end <= bytes.endIndex else { return nil }
            if bytes[first..<end].elementsEqual(pattern) { return first..<end }
            from = first + 1
        }
        return nil
    }
}
