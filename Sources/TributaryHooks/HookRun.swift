import Foundation

/// What a delivery tells the hook about the run it comes from: the `run` object of a
/// webhook's body and of a template's context.
struct HookRun: Sendable {
    /// The digest's title.
    var title: String
    /// The hook's name.
    var hook: String
    /// When the run delivered the items.
    var at: Date

    /// The object as JSON, keys sorted, times in ISO 8601 UTC as the items write them.
    func json(count: Int) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        let fields: [String: Any] = [
            "title": title, "hook": hook, "at": formatter.string(from: at), "count": count,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
