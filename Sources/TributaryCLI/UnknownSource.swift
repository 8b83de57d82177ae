import ArgumentParser
import Tributary

/// `--source` naming no entry of the config: a usage error (exit 64), not a bad
/// config, that lists the ids there are.
enum UnknownSource {
    /// Throws a `ValidationError` naming each unknown id, its nearest id and every id.
    static func refuse(_ selection: [String], in config: FeedsConfig, file: String) throws {
        let ids = config.sources.map(\.id)
        let unknown = selection.filter { !ids.contains($0) }
        guard !unknown.isEmpty else { return }
        let lines = unknown.map {
            "--source \(TextCleanup.singleLine($0)): no such entry in \(file)\(Suggestion.hint(for: $0, in: ids))"
        }
        let known = ids.isEmpty ? "it has no entries" : "its ids: " + ids.joined(separator: ", ")
        throw ValidationError((lines + ["(\(file): \(known))"]).joined(separator: "\n"))
    }
}
