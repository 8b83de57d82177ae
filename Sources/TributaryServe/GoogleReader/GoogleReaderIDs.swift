import Foundation

/// Google Reader's item ids: the long form, `tag:google.com,2005:reader/item/` and the id
/// as 16 hex digits, and the short form, the id in decimal. Both name an archive entry.
enum GoogleReaderItemID {
    static let longPrefix = "tag:google.com,2005:reader/item/"

    static func long(_ id: Int64) -> String {
        let hex = String(UInt64(bitPattern: id), radix: 16)
        return longPrefix + String(repeating: "0", count: max(0, 16 - hex.count)) + hex
    }

    /// The entry id `text` names, in either form: hex after the last `/`, hex when it has
    /// a leading zero or a letter (as FreshRSS reads them), else decimal.
    static func parse(_ text: String) -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let slash = trimmed.lastIndex(of: "/") { return hex(trimmed[trimmed.index(after: slash)...]) }
        if trimmed.allSatisfy(\.isASCIIDigit), !trimmed.hasPrefix("0") || trimmed == "0" { return Int64(trimmed) }
        return hex(trimmed[...])
    }

    private static func hex(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.count <= 16 else { return nil }
        return UInt64(text, radix: 16).map { Int64(bitPattern: $0) }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

/// A stream id, as a client names one: `feed/7` (or `feed/` and the feed's address),
/// `user/-/label/NAME`, `user/-/state/com.google/reading-list` (`…/starred`, `…/read`);
/// the user part may be `-` or anything else.
enum GoogleReaderStream: Equatable, Sendable {
    case feed(String)
    case label(String)
    case state(String)

    static let readingList = "user/-/state/com.google/reading-list"
    static let starred = "user/-/state/com.google/starred"
    static let read = "user/-/state/com.google/read"

    init?(_ id: String) {
        let text = id.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("feed/") {
            self = .feed(String(text.dropFirst(5)))
            return
        }
        let parts = text.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "user" else { return nil }
        switch parts[2] {
        case "label": self = .label(String(parts[3]))
        case "state":
            let state = parts[3].split(separator: "/").last.map(String.init) ?? ""
            self = .state(state)
        default: return nil
        }
    }

    static func feedID(_ id: Int64) -> String { "feed/\(id)" }
    static func label(_ name: String) -> String { "user/-/label/\(name)" }
}
