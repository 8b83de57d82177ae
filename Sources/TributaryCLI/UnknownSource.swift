import ArgumentParser
import Tributary

/// `--source` naming no entry of the config: a usage error (exit 64), not a bad
/// config, that lists the ids there are. Found only once the config is read, in `run`,
/// where a `ValidationError` would print the usage of `tributary`, not of the command; so
/// it writes its lines itself and exits 64.
enum UnknownSource {
    /// Writes a line naming each unknown id and its nearest id, and every id, then throws exit 64.
    static func refuse(_ selection: [String], in config: FeedsConfig, file: String) throws {
        let ids = config.sources.map(\.id)
        let unknown = selection.filter { !ids.contains($0) }
        guard !unknown.isEmpty else { return }
        let lines = unknown.map {
            "--source \(TextCleanup.singleLine($0)): no such entry in \(file)\(Suggestion.hint(for: $0, in: ids))"
        }
        let known = ids.isEmpty ? "it has no entries" : "its ids: " + ids.joined(separator: ", ")
        StandardError.write((lines.map { "tributary: " + $0 } + ["(\(file): \(known))"]).joined(separator: "\n"))
        throw ExitCode.validationFailure
    }
}
