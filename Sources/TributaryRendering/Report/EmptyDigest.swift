import Tributary

/// Why a digest has no items, in sentences for the report's empty state: what the filters
/// removed and which sources failed or were skipped, with their reasons.
enum EmptyDigest {
    /// One sentence per cause, most telling first; one sentence when nothing explains it.
    static func reasons(_ digest: Digest) -> [String] {
        var reasons: [String] = []
        let narrowing = digest.narrowing
        if narrowing.removed > 0 {
            let items = narrowing.removed == 1 ? "1 item" : "\(narrowing.removed) items"
            reasons.append("The filters removed \(items): \(narrowing.filters.joined(separator: ", ")).")
        } else if !narrowing.filters.isEmpty {
            reasons.append("Filters in effect: \(narrowing.filters.joined(separator: ", ")).")
        }
        for state in [SourceStatus.State.failed, .skipped] {
            let sources = digest.sources.filter { $0.state == state }
            guard !sources.isEmpty else { continue }
            let list = sources.map { source in source.message.map { "\(source.id) (\($0))" } ?? source.id }
            reasons.append("\(state == .failed ? "Failed" : "Skipped"): \(list.joined(separator: "; ")).")
        }
        if reasons.isEmpty {
            reasons.append(digest.sources.isEmpty ? "No source ran." : "The sources returned no items.")
        }
        return reasons
    }
}
