import Foundation
import Tributary

/// An episode as the report plays it (`FeedItem.episode`): an `<audio>` or `<video>`
/// element of its file, its show's name (the source's title) and its duration. The
/// page's policy allows media from the origins of its episodes alone (`media-src`).
struct ReportEpisode: Sendable {
    /// The file: an http or https URL.
    var url: String
    var isVideo: Bool
    var show: String
    /// `42 min`, or nil when the feed did not say.
    var duration: String?
    /// `https://media.example.fm`: what `media-src` lists for it.
    var origin: String

    /// The episode of `item`, or nil when it has none, or its file's origin cannot be
    /// written as a CSP source.
    init?(_ item: FeedItem, show: String?) {
        guard let enclosure = item.episode, let url = WebURL.string(enclosure.urlString),
            let origin = Self.origin(of: url)
        else { return nil }
        self.url = url
        isVideo = enclosure.isVideo
        self.show = show ?? item.source
        duration = enclosure.duration.map(EpisodeLabel.duration)
        self.origin = origin
    }

    /// `scheme://host[:port]` as a CSP host-source (CSP 3 §2.3.1): a host of letters,
    /// digits, `-` and `.`, or an IPv6 address in brackets; nil for any other.
    static func origin(of url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host?.lowercased(), !host.isEmpty
        else { return nil }
        let isName = host.utf8.allSatisfy { byte in
            (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x2E
        }
        let isIPv6 =
            host.hasPrefix("[") && host.hasSuffix("]")
            && host.dropFirst().dropLast().utf8.allSatisfy {
                (0x30...0x3A).contains($0) || (0x61...0x66).contains($0) || $0 == 0x2E
            }
        guard isName || isIPv6 else { return nil }
        return "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
    }
}
