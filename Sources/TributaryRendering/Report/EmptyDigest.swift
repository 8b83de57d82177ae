import Tributary

/// Why a digest has no items, in sentences for the report's empty state: what the filters
/// removed and which sources failed or were skipped, with their reasons.
enum EmptyDigest {
    /// One sentence per cause, most telling first; one sentence when nothing explains it.
    static func reasons(_ digest: Digest) -> [String] {
        var reasons = filters(digest).map { [$0] } ?? []
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

    /// What the filters removed, or which were in effect, as one sentence; nil without filters.
    /// The text and Markdown digests say it under "No items.", where the sources' lines follow.
    static func filters(_ digest: Digest) -> String? {
        let narrowing = digest.narrowing
        if narrowing.removed > 0 {
            let items = narrowing.removed == 1 ? "1 item" : "\(narrowing.removed) items"
            return "The filters removed \(items): \(narrowing.filters.joined(separator: ", "))."
        }
        return narrowing.filters.isEmpty ? nil : "Filters in effect: \(narrowing.filters.joined(separator: ", "))."
    }
}
