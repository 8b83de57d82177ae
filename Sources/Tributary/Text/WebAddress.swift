import Foundation
import TributaryBytes

/// The only addresses Tributary keeps as links and images: absolute http and https URLs
/// with a host. One rule for the host's sanitiser and the report's second check.
public enum WebAddress {
    /// Whether `text`, the absolute string of a `URL`, is an http or https URL with a
    /// host. Read off the text (scheme, then the authority without user and port), as
    /// `URL.scheme` and `URL.host` would, without building a `URL` for every item.
    public static func isWeb(_ text: String?) -> Bool {
        text.map(WebAddressScan.hasWebSchemeAndHost) ?? false
    }

    /// What `URL(string: text)?.absoluteString` gives, without building a `URL` when the
    /// text is plainly a well-formed http or https URL (then it is the text itself): a
    /// lower-case scheme, a host of name characters with an optional numeric port, and
    /// otherwise only characters RFC 3986 allows where they stand. Anything else (user
    /// info, IPv6 literals, spaces, non-ASCII, stray `%`) goes through `URL`.
    public static func absoluteString(_ text: String) -> String? {
        WebAddressScan.isPlainWebURL(text) ? text : URL(string: text)?.absoluteString
    }
}
