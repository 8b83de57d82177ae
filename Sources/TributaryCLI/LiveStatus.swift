import Foundation
import Tributary
import TributaryLive

/// One source's live state in words: `so-swift: ok · next refresh 09:45:00 UTC`. A source
/// that does not refresh (disabled, or skipped for a missing secret) shows no next refresh.
enum LiveStatus {
    static func describe(_ source: LiveSourceState) -> String {
        let status = source.status
        var state: String
        switch status.state {
        case .ok: state = "ok"
        case .failed: state = "failed: \(TextCleanup.singleLine(status.message ?? "unknown error"))"
        case .skipped: state = "skipped: \(TextCleanup.singleLine(status.message ?? ""))"
        case .pending: state = "waiting for the first answer"
        }
        if source.isRefreshing { state += " · refreshing…" }
        if status.state != .skipped, let next = source.nextRefresh { state += " · next refresh \(time(next))" }
        return "\(TextCleanup.singleLine(status.id)): \(state)"
    }

    /// `09:45:12 UTC`: to the second, since a source may refresh every second.
    private static func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "HH:mm:ss 'UTC'"
        return formatter.string(from: date)
    }
}
