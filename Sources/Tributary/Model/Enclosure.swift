import Foundation

/// A media file attached to an item: a podcast's episode, a video, a recording (RSS
/// `<enclosure>`, Atom `<link rel="enclosure">`, JSON Feed `attachments`).
///
/// Only the address is required. What a feed says of the rest is kept as it said it,
/// within bounds (`Enclosure.maxLength`, `Enclosure.maxDuration`): a value out of bounds
/// reads as unknown.
public struct Enclosure: Sendable, Hashable {
    /// The file's address: an absolute http or https URL, as `URL.absoluteString` writes it.
    public let urlString: String
    /// The media type (`audio/mpeg`), lower-cased, without parameters.
    public var mimeType: String?
    /// The file's size in bytes.
    public var length: Int?
    /// How long the recording plays, in whole seconds.
    public var duration: Int?

    /// The most enclosures an item keeps.
    public static let maxCount = 8
    /// The largest size kept: 1 TB.
    public static let maxLength = 1 << 40
    /// The longest duration kept: 31 days.
    public static let maxDuration = 31 * 86_400

    /// An enclosure at `url`; nil unless it is an http or https URL with a host.
    public init?(url: URL, mimeType: String? = nil, length: Int? = nil, duration: Int? = nil) {
        self.init(urlString: url.absoluteString, mimeType: mimeType, length: length, duration: duration)
    }

    /// An enclosure at the address `urlString`; nil unless `URL` reads it as an http or
    /// https URL with a host. The other values are kept only within bounds.
    public init?(urlString: String, mimeType: String? = nil, length: Int? = nil, duration: Int? = nil) {
        guard let absolute = WebAddress.absoluteString(urlString), WebAddress.isWeb(absolute) else { return nil }
        self.urlString = absolute
        self.mimeType = mimeType.flatMap(Self.mediaType)
        self.length = length.flatMap { (0...Self.maxLength).contains($0) ? $0 : nil }
        self.duration = duration.flatMap { (0...Self.maxDuration).contains($0) ? $0 : nil }
    }

    /// The file's address.
    public var url: URL { URL(string: urlString)! }

    /// Whether it plays as sound: an `audio/…` type.
    public var isAudio: Bool { mimeType?.hasPrefix("audio/") == true }

    /// Whether it plays as a video: a `video/…` type.
    public var isVideo: Bool { mimeType?.hasPrefix("video/") == true }

    /// `type/subtype` of `text`, lower-cased and without parameters, when it is one
    /// (RFC 6838 §4.2's name characters, at most 127 each); nil otherwise.
    public static func mediaType(_ text: String) -> String? {
        let essence = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let lowered = essence.trimmingCharacters(in: .whitespaces).lowercased()
        let parts = lowered.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ (1...127).contains($0.utf8.count) && $0.utf8.allSatisfy(isNameByte) })
        else { return nil }
        return lowered
    }

    /// RFC 6838's `restricted-name-chars`: letters, digits and `!#$&-^_.+`.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "-"),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "+"):
            true
        default: false
        }
    }
}

extension Enclosure: Codable {
    private enum CodingKeys: String, CodingKey {
        case url, mimeType, length, duration
    }

    /// Reads `{"url", "mimeType", "length", "duration"}`; an address that is not http or
    /// https is an error, a value out of bounds reads as unknown.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let url = try container.decode(String.self, forKey: .url)
        guard
            let enclosure = Enclosure(
                urlString: url, mimeType: try container.decodeIfPresent(String.self, forKey: .mimeType),
                length: try container.decodeIfPresent(Int.self, forKey: .length),
                duration: try container.decodeIfPresent(Int.self, forKey: .duration))
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .url, in: container, debugDescription: "an enclosure's url must be an http or https URL")
        }
        self = enclosure
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(urlString, forKey: .url)
        try container.encodeIfPresent(mimeType, forKey: .mimeType)
        try container.encodeIfPresent(length, forKey: .length)
        try container.encodeIfPresent(duration, forKey: .duration)
    }
}

extension JSONWriter {
    /// `[{"duration", "length", "mimeType", "url"}, …]`, keys sorted, unknown values null,
    /// on one line: what the JSON output and snapshots write.
    public mutating func enclosures(_ enclosures: [Enclosure]) {
        guard !enclosures.isEmpty else { return raw("[]") }
        raw("[")
        for (index, enclosure) in enclosures.enumerated() {
            raw(index == 0 ? "{\"duration\": " : ", {\"duration\": ")
            integer(enclosure.duration.map(Int64.init))
            raw(", \"length\": ")
            integer(enclosure.length.map(Int64.init))
            raw(", \"mimeType\": ")
            string(enclosure.mimeType)
            raw(", \"url\": ")
            string(enclosure.urlString)
            raw("}")
        }
        raw("]")
    }
}

extension FeedItem {
    /// The enclosure a reader plays: the first audio one, else the first video one; nil
    /// when none plays. An item with one is shown as a podcast's episode.
    public var episode: Enclosure? {
        let enclosures = enclosures
        return enclosures.first(where: \.isAudio) ?? enclosures.first(where: \.isVideo)
    }
}
