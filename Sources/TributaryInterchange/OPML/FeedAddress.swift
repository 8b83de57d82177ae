import Foundation

/// The check an `xmlUrl` from another reader's file passes before it becomes a feed entry:
/// an http or https address with a host, without spaces or control characters. A path
/// (`/etc/passwd`, `~/.ssh/id_rsa`) or a `file:` address, which feeds.json takes when
/// written by hand, is refused: a file from elsewhere may not make Tributary read this machine's files.
enum FeedAddress {
    /// Why `address` is no feed address to import; nil when it is one.
    static func problem(_ address: String) -> String? {
        if address.unicodeScalars.contains(where: isSpaceOrControl) {
            return "holds a space or a control character (a space is written %20)"
        }
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https"
        else { return "is not an http:// or https:// address" }
        guard let host = url.host, !host.isEmpty else { return "has no host" }
        return nil
    }

    private static func isSpaceOrControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
            || scalar.properties.generalCategory == .format
    }
}
