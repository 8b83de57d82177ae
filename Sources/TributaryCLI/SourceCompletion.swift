import Foundation

/// Shell completion of `--source`: the ids of the entries in the config the command line
/// names with `--config`, else in `./feeds.json`. Nothing is validated or fetched; a file
/// that cannot be read completes nothing.
enum SourceCompletion {
    /// The ids starting with `prefix` (`words` are the command line being completed).
    @Sendable static func ids(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let config = configPath(in: words) ?? "feeds.json"
        guard let data = FileManager.default.contents(atPath: config),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let sources = root["sources"] as? [[String: Any]]
        else { return [] }
        return sources.compactMap { $0["id"] as? String }.filter { $0.hasPrefix(prefix) }
    }

    /// The value after `--config` (or of `--config=…`) in the words.
    static func configPath(in words: [String]) -> String? {
        for (index, word) in words.enumerated() {
            if word.hasPrefix("--config=") { return String(word.dropFirst("--config=".count)) }
            if word == "--config", index + 1 < words.count { return words[index + 1] }
        }
        return nil
    }
}
