import Foundation

/// Makes the file paths an entry names absolute, against feeds.json's folder rather than
/// the working folder, so a run from cron (working folder `/`) reads the same files:
///
/// - a `url` option without a scheme is a path (`feeds/local.xml`, `/srv/feed.xml`,
///   `~/feed.xml`) and becomes a `file://` URL;
/// - a `command`'s program written with a slash (`./bin/source`, `bin/source`,
///   `~/bin/source`) becomes an absolute path; a bare name (`python3`) is left for `PATH`.
struct ConfigPaths {
    /// The folder holding feeds.json.
    let folder: URL
    let home: String

    init(folder: URL, environment: [String: String]) {
        self.folder = folder
        home = environment["HOME"] ?? NSHomeDirectory()
    }

    /// The value with its path made absolute, when the option's kind holds one.
    func resolve(_ value: JSONValue, kind: OptionSpec.Kind) -> JSONValue {
        switch (kind, value) {
        case (.url, .string(let text)) where Self.isPlainPath(text):
            return .string(URL(fileURLWithPath: absolute(text)).absoluteString)
        case (.command, .array(var parts)):
            guard case .string(let program)? = parts.first, program.contains("/") else { return value }
            parts[0] = .string(absolute(program))
            return .array(parts)
        default:
            return value
        }
    }

    /// `text` as an absolute path: `~` is the home folder, a relative path starts at `folder`.
    func absolute(_ text: String) -> String {
        if text == "~" { return home }
        if text.hasPrefix("~/") {
            return URL(fileURLWithPath: home).appendingPathComponent(String(text.dropFirst(2))).path
        }
        return URL(fileURLWithPath: text, relativeTo: folder).standardizedFileURL.path
    }

    /// Whether `text` has no URL scheme (`letter (letter | digit | + - .)* :`) and so is a path.
    static func isPlainPath(_ text: String) -> Bool {
        guard let first = text.first, first != ":" else { return false }
        guard let colon = text.firstIndex(of: ":") else { return true }
        let scheme = text[..<colon]
        let isScheme =
            scheme.first?.isASCII == true && scheme.first?.isLetter == true
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
        return !isScheme
    }
}
