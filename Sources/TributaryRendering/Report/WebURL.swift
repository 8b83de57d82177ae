import Foundation

/// The only URLs the report turns into links or images: absolute http and https URLs
/// with a host. Items reach the renderer already sanitised; this checks again.
enum WebURL {
    static func string(_ url: URL?) -> String? {
        guard let url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              url.host?.isEmpty == false else { return nil }
        return url.absoluteString
    }
}
