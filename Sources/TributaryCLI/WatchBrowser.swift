import Foundation
import Tributary

/// Opens an item's link for `watch`'s `o`: `$BROWSER` (the first of its colon-separated
/// commands; `%s` in it stands for the link, else the link is its last argument), else
/// `xdg-open`. The link is an argument of its own, never read by a shell, and only an
/// `http` or `https` one is opened. The browser runs on its own, its output discarded:
/// `watch` keeps the terminal (a text-mode browser is better run from another window).
enum WatchBrowser {
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
