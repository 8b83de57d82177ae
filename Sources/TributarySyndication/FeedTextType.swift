import Tributary
import TributaryBytes

/// How a text field is written, which decides how it is read.
enum FeedTextType: UInt8, Sendable {
    /// RSS: HTML or text, its character references decoded once more.
    case markup
    /// Atom `text` (Atom 0.3 `text/plain`): literal text, `<` is a character.
    case text
    /// Atom `html`: escaped markup.
    case html
    /// Atom `xhtml` (or an XML type): inline markup, read as its text.
    case xhtml
    /// Atom 0.3 `mode="base64"`, or RFC 4287 content of a type that is neither text nor XML.
    case base64

    /// The type an Atom text construct or content element declares (RFC 4287 §3.1 and
    /// §4.1.3; Atom 0.3's MIME types and `mode`).
    init(atom attributes: FeedAttributes) {
        if unsafe attributes.value("mode", is: "base64") {
            self = .base64
        } else if unsafe attributes.value("type", is: "html") {
            self = .html
        } else if unsafe attributes.value("type", is: "text", byDefault: true) {
            self = .text
        } else {
            self = unsafe Self(mediaType: attributes["type"]?.lowercased() ?? "")
        }
    }

    private init(mediaType: String) {
        switch mediaType {
        case "xhtml", "application/xhtml+xml": self = .xhtml
        case "text/html": self = .html
        case _ where mediaType.hasPrefix("text/"): self = .text
        case _ where mediaType.hasSuffix("/xml") || mediaType.hasSuffix("+xml"): self = .xhtml
        // Another media type is base64 (RFC 4287 §4.1.3.3); a value that is no media type
        // at all (`type=""`, a typo) is none of Atom's, and reads as the default, text.
        case _ where mediaType.contains("/"): self = .base64
        default: self = .text
        }
    }
}

/// Whether an RSS `guid` is the item's link (RSS 2.0: when `isPermaLink` is true, its default).
enum FeedGuidLink: UInt8, Sendable {
    case never
    /// `isPermaLink="true"`.
    case permalink
    /// No `isPermaLink`: the guid is the link when it is an http(s) URL.
    case ifURL

    init(isPermaLink: UnsafeBufferPointer<UInt8>) {
        self = unsafe isPermaLink.elementsEqual("true".utf8) ? .permalink : .never
    }
}

/// What an Atom `link` is, by `rel` (RFC 4287 §4.2.7.2: none means `alternate`, and a
/// registered name may be written as its IANA IRI; registered names compare in any case,
/// RFC 8288 §2.1.1).
enum FeedLinkRel {
    case alternate, enclosure, other

    init(_ attributes: FeedAttributes) {
        guard let rel = unsafe attributes.bytes("rel") else {
            self = .alternate
            return
        }
        let name = unsafe (rel.starts(with: Self.ianaPrefix) ? rel.dropFirst(Self.ianaPrefix.count) : rel[...])
            .lazy.map { $0 | (($0 >= 65 && $0 <= 90) ? 0x20 : 0) }
        if unsafe name.elementsEqual("alternate".utf8) {
            self = .alternate
        } else if unsafe name.elementsEqual("enclosure".utf8) {
            self = .enclosure
        } else {
            self = .other
        }
    }

    /// The link's `href`; nil when it has none or an empty one, which links to nothing.
    static func href(_ attributes: FeedAttributes) -> UnsafeBufferPointer<UInt8>? {
        guard let href = unsafe attributes.bytes("href"), unsafe !ByteTrim.trimmingASCIIWhitespace(href).isEmpty else {
            return nil
        }
        return unsafe href
    }

    private static let ianaPrefix = Array("http://www.iana.org/assignments/relation/".utf8)

    /// Whether a link's `type` is a web page's.
    static func isHTML(_ type: UnsafeBufferPointer<UInt8>) -> Bool {
        let lowered = unsafe type.map { $0 | (($0 >= 65 && $0 <= 90) ? 0x20 : 0) }
        return lowered.elementsEqual("text/html".utf8) || lowered.elementsEqual("application/xhtml+xml".utf8)
    }
}
