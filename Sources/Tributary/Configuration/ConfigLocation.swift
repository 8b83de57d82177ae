import Foundation

/// Where feeds.json is found: `--config`, else `$TRIBUTARY_CONFIG`, else `./feeds.json`,
/// else `$XDG_CONFIG_HOME/tributary/feeds.json` (`~/.config/tributary/feeds.json` when
/// the variable is unset or not absolute).
///
/// A file named by `--config` or the variable is the one used, and a missing one is an
/// error naming it; the other two are tried in order and the first that exists wins.
public struct ConfigLocation: Sendable {
    let environment: [String: String]
    /// The folder `./feeds.json` and relative `--config` paths are read from.
    let currentDirectory: URL

    static let fileName = "feeds.json"
    public static let variable = "TRIBUTARY_CONFIG"

    public init(
        environment: [String: String],
        currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    ) {
        self.environment = environment
        self.currentDirectory = currentDirectory
    }

    /// The per-user file: `$XDG_CONFIG_HOME/tributary/feeds.json`, else `~/.config/tributary/feeds.json`.
    var userFile: URL {
        UserFolder.config.url(environment: environment).appendingPathComponent(Self.fileName)
    }

    /// The file `tributary init` writes when given no path: `$TRIBUTARY_CONFIG`, else `userFile`,
    /// so that the next run finds it from any working folder.
    public var starterFile: URL {
        variableFile ?? userFile
    }

    /// The configuration to read, or an `invalidConfiguration` error that names every
    /// path tried and suggests `tributary init`.
    public func find(explicit: String?) throws -> URL {
        if let explicit {
            return try existing(
                file(explicit), from: "--config", fix: "run `tributary init \(shown(explicit))` to write one")
        }
        if let variableFile {
            return try existing(
                variableFile, from: Self.variable,
                fix: "run `tributary init` to write one there, or unset \(Self.variable)")
        }
        let candidates = [currentDirectory.appendingPathComponent(Self.fileName), userFile]
        if let found = candidates.first(where: Self.isFile) { return found }
        throw TributaryError(
            .invalidConfiguration,
            "no configuration found; tried \(candidates.map { shown($0.path) }.joined(separator: " and ")); "
                + "run `tributary init` to write a starter config to \(shown(userFile.path)), or pass --config PATH"
        )
    }

    private var variableFile: URL? {
        environment[Self.variable].flatMap { $0.isEmpty ? nil : file($0) }
    }

    private func file(_ path: String) -> URL {
        URL(fileURLWithPath: path, relativeTo: currentDirectory).standardizedFileURL
    }

    private func existing(_ file: URL, from origin: String, fix: String) throws -> URL {
        guard Self.isFile(file) else {
            throw TributaryError(
                .invalidConfiguration, "no configuration at \(shown(file.path)) (from \(origin)); \(fix)")
        }
        return file
    }

    private func shown(_ path: String) -> String {
        TextCleanup.singleLine(path)
    }

    private static func isFile(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
            && (try? url.resolvingSymlinksInPath().resourceValues(forKeys: [.isDirectoryKey]).isDirectory) != true
    }
}
