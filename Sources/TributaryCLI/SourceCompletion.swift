import Foundation
import Tributary

/// Shell completion of `--source`: the ids of the entries in the config the command line
/// names with `--config`, else in the one `ConfigLocation` finds (comments and trailing
/// commas allowed). Nothing is validated or fetched; a file that cannot be read completes nothing.
enum SourceCompletion {
    /// The ids starting with `prefix` (`words` are the command line being completed).
    @Sendable static func ids(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let environment = ProcessInfo.processInfo.environment
        guard let file = try? ConfigLocation(environment: environment).find(explicit: configPath(in: words)),
            let data = FileManager.default.contents(atPath: file.path),
            let (root, _) = try? JSONReader.parse(data, as: .configuration),
            case .object(let members) = root, case .array(let sources)? = members["sources"]
        else { return [] }
        let ids = sources.compactMap { source -> String? in
            guard case .object(let entry) = source else { return nil }
            return entry["id"]?.stringValue
        }
        return ids.filter { $0.hasPrefix(prefix) }
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
