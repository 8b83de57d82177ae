import Foundation
import Tributary

/// How often a live view refreshes an entry: its `refresh` option, by default 15 minutes,
/// never more often than its upstream can fairly be asked.
public enum RefreshInterval {
    /// The interval of an entry that sets no `refresh`.
    public static let standard: Duration = .seconds(15 * 60)
    /// The shortest interval for a network host.
    public static let networkMinimum: Duration = .seconds(60)
    /// The shortest interval for a `file://` URL or a loopback host (this machine).
    public static let localMinimum: Duration = .seconds(1)

    /// The entry's interval; throws a configuration error naming the minimum when it is shorter.
    public static func of(_ entry: SourceEntry) throws -> Duration {
        guard let interval = entry.common.refresh else { return standard }
        let isLocal = isLocal(entry)
        let minimum = isLocal ? localMinimum : networkMinimum
        guard interval >= minimum else {
            let target = isLocal ? "file:// and loopback URLs" : "network hosts"
            throw entry.invalid(
                "refresh", "\(describe(interval)) is below the minimum of \(describe(minimum)) for \(target)")
        }
        return interval
    }

    /// True when everything the entry reads is on this machine: its `url` (or `baseURL`)
    /// is a `file://` URL or names a loopback host.
    static func isLocal(_ entry: SourceEntry) -> Bool {
        guard let url = entry.options["url"]?.stringValue.flatMap(URL.init(string:)) ?? entry.baseURL else {
            return false
        }
        if url.isFileURL { return true }
        guard let host = url.host?.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) else { return false }
        return host == "localhost" || AddressScope.of(host) == .loopback
    }

    /// `"1m"`, `"1s"`, `"250ms"`: how feeds.json spells the interval.
    static func describe(_ interval: Duration) -> String {
        let milliseconds = Int64(interval.seconds * 1000)
        if milliseconds % 60_000 == 0 { return "\"\(milliseconds / 60_000)m\"" }
        if milliseconds % 1000 == 0 { return "\"\(milliseconds / 1000)s\"" }
        return "\"\(milliseconds)ms\""
    }
}
