import Foundation
import Tributary

/// Opens an item's link for `watch`'s `o`: `$BROWSER` (the first of its colon-separated
/// commands; `%s` in it stands for the link, else the link is its last argument), else
/// `xdg-open`. The link is an argument of its own, never read by a shell, and only an
/// `http` or `https` one is opened. A text-mode browser (`textModeBrowsers`) is given the
/// terminal until it quits (`ForegroundProgram`); any other runs on its own, its output
/// discarded, while `watch` keeps the terminal.
enum WatchBrowser {
    /// Browsers that draw on the terminal, by program name (`www-browser` is Debian's name
    /// for the text-mode one).
    static let textModeBrowsers: Set<String> = [
        "w3m", "lynx", "links", "links2", "elinks", "browsh", "carbonyl", "www-browser",
    ]

    /// Whether `command` runs a browser that draws on the terminal.
    static func isTextMode(_ command: [String]) -> Bool {
        command.first.map { textModeBrowsers.contains(URL(fileURLWithPath: $0).lastPathComponent) } ?? false
    }

    /// The command that opens `link`, or nil when the link is not a web address.
    static func command(for link: String, environment: [String: String]) -> [String]? {
        guard let scheme = URL(string: link)?.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return nil
        }
        let chosen = (environment["BROWSER"] ?? "").split(separator: ":").first.map(String.init) ?? ""
        let words = chosen.split(separator: " ").map(String.init)
        guard !words.isEmpty else { return ["xdg-open", link] }
        if words.contains(where: { $0.contains("%s") }) {
            return words.map { $0.replacingOccurrences(of: "%s", with: link) }
        }
        return words + [link]
    }

    /// Starts the browser; returns why it could not, in words, or nil.
    static func open(_ link: String, environment: [String: String]) -> String? {
        guard let command = command(for: link, environment: environment) else {
            return "not a web address: \(TextCleanup.singleLine(link))"
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            return nil
        } catch {
            return "cannot start \(TextCleanup.singleLine(command[0])): \(error)"
        }
    }
}
