/// The problems found so far while reading feeds.json.
struct ConfigProblems {
    private(set) var messages: [String] = []

    /// The problems, one per line; past 20, the rest are counted rather than listed.
    var summary: String {
        let shown = messages.prefix(20)
        let more =
            messages.count > shown.count ? ["… and \(Plural.count(messages.count - shown.count, "more problem"))"] : []
        return (shown + more).joined(separator: "\n")
    }

    mutating func add(_ path: String, _ message: String) {
        messages.append("\(path): \(message)")
    }

    mutating func rejectUnknownKeys(_ object: [String: JSONValue], known: [String], prefix: String) {
        for key in object.keys.sorted() where !known.contains(key) {
            add(prefix + key, "unknown key\(Suggestion.hint(for: key, in: known))")
        }
    }

    mutating func rejectDuplicateIDs(_ entries: [SourceEntry]) {
        var seen: [String: String] = [:]
        for entry in entries {
            if let first = seen[entry.id] {
                add(
                    "\(entry.path).id",
                    "duplicate id \"\(entry.id)\" (also used by \(first)); give each entry its own id")
            } else {
                seen[entry.id] = entry.path
            }
        }
    }
}
