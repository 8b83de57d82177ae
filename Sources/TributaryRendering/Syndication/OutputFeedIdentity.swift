import Foundation
import Tributary

/// The ids and shared facts of the digest as a feed (Atom, RSS, JSON Feed): the same in
/// every run for the same item, so a reader subscribed to the digest never shows an item twice.
enum OutputFeedIdentity {
    /// Tributary's home page: the RSS channel's `link` and the generator's address.
    static let homePage = "https://github.com/tributary-digest/tributary"
    /// The `scheme` (Atom) or `domain` (RSS) of the category naming an item's source.
    static let sourceScheme = "urn:tributary:source"

    /// A name-based `urn:uuid:` (RFC 9562 version 5 layout, from SHA-256) for `name`.
    static func urn(for name: String) -> String {
        var bytes = Array(SHA256.hash(("tributary:" + name).utf8).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(hex.dropFirst(range.lowerBound).prefix(range.count))
        }
        return "urn:uuid:" + groups.joined(separator: "-")
    }

    /// The feed's own id: from the digest's title, so each configured digest has its own.
    static func feedID(_ digest: Digest) -> String {
        urn(for: "feed:" + digest.title)
    }

    /// When the feed last changed: its newest item's date, else when the digest was made.
    static func updated(_ digest: Digest) -> Date {
        digest.items.compactMap(\.published).max() ?? digest.generatedAt
    }

    /// The display names of the digest's sources, by id.
    static func sourceTitles(_ digest: Digest) -> [String: String] {
        Dictionary(digest.sources.map { ($0.id, $0.title ?? $0.id) }, uniquingKeysWith: { first, _ in first })
    }
}
