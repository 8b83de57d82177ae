import Foundation

/// The shortest `refresh` an entry may set: once a minute for a network host, once a
/// second for a `file://` URL or a loopback host (this machine). Checked when feeds.json
/// is read, so `validate`, `digest`, `watch` and `serve` refuse the same entries.
public enum RefreshRule {
    /// The shortest interval for a network host.
    static let networkMinimum: Duration = .seconds(60)
    /// The shortest interval for a `file://` URL or a loopback host.
    static let localMinimum: Duration = .seconds(1)

    /// What is wrong with the entry's `refresh` (its common options and its resolved
    /// `options`), naming the minimum; nil when it sets none or one that is long enough.
    public static func problem(with common: EntryOptions, options: [String: JSONValue]) -> String? {
        guard let interval = common.refresh else { return nil }
        let url = options["url"]?.stringValue.flatMap(URL.init(string:)) ?? common.baseURL
        let isLocal = url?.staysOnThisMachine ?? false
        let minimum = isLocal ? localMinimum : networkMinimum
        guard interval < minimum else { return nil }
        let target = isLocal ? "file:// and loopback URLs" : "network hosts"
        return "\(describe(interval)) is below the minimum of \(describe(minimum)) for \(target)"
    }

    /// `"1m"`, `"1s"`, `"250ms"`: how feeds.json spells the interval.
    static func describe(_ interval: Duration) -> String {
        let milliseconds = Int64(interval.seconds * 1000)
        if milliseconds % 60_000 == 0 { return "\"\(milliseconds / 60_000)m\"" }
        if milliseconds % 1000 == 0 { return "\"\(milliseconds / 1000)s\"" }
        return "\"\(milliseconds)ms\""
    }
}
