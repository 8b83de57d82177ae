import Foundation
import Tributary
import TributaryBytes

/// An entry's enclosures: RSS `enclosure`s, Atom `link rel="enclosure"`s, JSON Feed
/// `attachments`, and Media RSS `media:content` of audio or video.
extension FeedMapping {
    static func enclosures(_ entry: RawEntry, _ text: EntryText) -> [Enclosure] {
        guard !entry.media.isEmpty else { return [] }
        var enclosures: [Enclosure] = []
        for media in entry.media where enclosures.count < Enclosure.maxCount {
            guard let enclosure = unsafe enclosure(media, text),
                unsafe media.isEnclosure || plays(enclosure, media, text)
            else { continue }
            // The same file twice (an Atom enclosure and the `media:content` that times it): one, what each knows.
            if let index = enclosures.firstIndex(where: { $0.urlString == enclosure.urlString }) {
                enclosures[index].mimeType = enclosures[index].mimeType ?? enclosure.mimeType
                enclosures[index].length = enclosures[index].length ?? enclosure.length
                enclosures[index].duration = enclosures[index].duration ?? enclosure.duration
            } else {
                enclosures.append(enclosure)
            }
        }
        // `itunes:duration` times the episode: the first enclosure that plays and has no duration of its own.
        if let duration = entry.duration.flatMap({ unsafe FeedDurations.seconds(utf8: text.bytes($0)) }),
            let index = enclosures.firstIndex(where: { ($0.isAudio || $0.isVideo) && $0.duration == nil })
        {
            enclosures[index].duration = duration
        }
        return enclosures
    }

    /// Whether a `media:content` plays: audio or video by its type or its `medium`.
    private static func plays(_ enclosure: Enclosure, _ media: RawMedia, _ text: EntryText) -> Bool {
        let medium = unsafe text.trimmedString(media.type)?.lowercased()
        return enclosure.isAudio || enclosure.isVideo || medium == "audio" || medium == "video"
    }

    /// One attached media object as an enclosure: its type as declared, else as its
    /// `medium` or its file's extension say; nil when its address is no http or https URL.
    private static func enclosure(_ media: RawMedia, _ text: EntryText) -> Enclosure? {
        let url = unsafe text.resolved(media.url)
        let declared = unsafe text.trimmedString(media.mimeType).flatMap(Enclosure.mediaType)
        let type =
            declared == nil || declared == "application/octet-stream"
            ? FeedDurations.mediaType(ofFile: url) ?? declared : declared
        let length = unsafe text.trimmedString(media.length).flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        let duration = media.duration.flatMap { unsafe FeedDurations.seconds(utf8: text.bytes($0)) }
        return Enclosure(urlString: url, mimeType: type, length: length, duration: duration)
    }
}

/// Durations and media types as feeds write them.
enum FeedDurations {
    /// Seconds from `3600`, `3600.5`, `MM:SS`, `H:MM:SS` or `HH:MM:SS`, as Apple's podcast
    /// RSS tags define `itunes:duration` (past two colons, the rightmost numbers are
    /// ignored, as Apple's readers do); nil for anything else.
    static func seconds(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        unsafe seconds(String(decoding: ByteTrim.trimmingASCIIWhitespace(bytes), as: UTF8.self))
    }

    static func seconds(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).prefix(3)
        guard !parts.isEmpty, parts.count < 4 else { return nil }
        var total = 0.0
        for (index, part) in parts.enumerated() {
            let isLast = index == parts.count - 1
            guard !part.isEmpty, part.utf8.allSatisfy({ $0 == UInt8(ascii: ".") ? isLast : (48...57).contains($0) }),
                let value = Double(part), value.isFinite
            else { return nil }
            total = total * 60 + value
        }
        guard total < Double(Enclosure.maxDuration + 1) else { return nil }
        return Int(total)
    }

    /// The media type a file's extension names, for enclosures whose feed gives none:
    /// the common podcast and video formats.
    static func mediaType(ofFile url: String) -> String? {
        let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        return byExtension[path[path.index(after: dot)...].lowercased()]
    }

    private static let byExtension: [String: String] = [
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "aac": "audio/aac", "ogg": "audio/ogg", "oga": "audio/ogg",
        "opus": "audio/ogg", "flac": "audio/flac", "wav": "audio/wav", "mp4": "video/mp4", "m4v": "video/mp4",
        "webm": "video/webm", "mov": "video/quicktime",
    ]
}
