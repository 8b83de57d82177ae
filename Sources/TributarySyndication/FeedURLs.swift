import Foundation
import Tributary
import TributaryBytes

/// URL helpers for feeds: relative references, image guesses, well-known feed addresses.
enum FeedURLs {
    /// `reference` resolved against `base` (an `xml:base` or the feed's URL).
    static func resolve(_ reference: String, against base: String?) -> String {
        let reference = TextCleanup.trimmed(reference)
        guard let base, !URIScheme.hasScheme(reference), let baseURL = URL(string: base),
            let resolved = URL(string: reference, relativeTo: baseURL)
        else { return reference }
        return resolved.absoluteString
    }

    /// `resolve` of a reference's UTF-8 bytes: an absolute one becomes a String as it is.
    static func resolve(utf8 reference: UnsafeBufferPointer<UInt8>, against base: String?) -> String {
        let trimmed = unsafe ByteTrim.trimmingASCIIWhitespace(reference)
        let text = unsafe String(decoding: trimmed, as: UTF8.self)
        return unsafe base == nil || URIScheme.hasScheme(utf8: trimmed) ? text : resolve(text, against: base)
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
        let utf8 = unsafe html.prefix(65_536)
        guard let tag = unsafe ByteSearch.firstRange(of: Array("<img".utf8), in: utf8) else { return nil }
        let rest = unsafe utf8[tag.upperBound...].prefix(2048)
        guard let src = unsafe ByteSearch.firstRange(of: Array("src=".utf8), in: rest),
            unsafe src.upperBound < rest.endIndex
        else { return nil }
        let quote = unsafe rest[src.upperBound]
        let start = quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") ? src.upperBound + 1 : src.upperBound
        let terminators: Set<UInt8> =
            quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") ? [quote] : [32, 62, 9, 10]
        let end = unsafe rest[start...].firstIndex(where: terminators.contains) ?? rest.endIndex
        let value = unsafe HTMLEntities.decode(String(decoding: rest[start..<end], as: UTF8.self))
        return value.isEmpty ? nil : value
    }

    /// Whether an HTML fragment's UTF-8 (its first 64 KB) holds a picture: an `<img>` that
    /// is not a 1-pixel tracker (`width="1"` or `height="1"`, either quote, any case).
    static func holdsPicture(inHTML html: UnsafeBufferPointer<UInt8>) -> Bool {
        var rest = unsafe html.prefix(65_536)[...]
        while let tag = unsafe ByteSearch.firstRange(of: imageTagStart, in: rest) {
            let attributes = unsafe rest[tag.upperBound...].prefix { $0 != UInt8(ascii: ">") }.prefix(2048)
            let folded = unsafe attributes.map { byte in
                byte == UInt8(ascii: "'") ? UInt8(ascii: "\"") : (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            }
            if !onePixel.contains(where: { ByteSearch.contains($0, in: folded) }) { return true }
            unsafe rest = unsafe rest[tag.upperBound...]
        }
        return false
    }

    private static let onePixel = [Array(#"width="1""#.utf8), Array(#"height="1""#.utf8)]
    private static let imageTagStart = Array("<img".utf8)
}
