import Foundation
import Tributary

/// An executable named `tributary-source-NAME`, found in a plugins folder or on `PATH`.
public struct DiscoveredPlugin: Sendable, Equatable {
    /// The source type it provides: `NAME`.
    public let name: String
    public let executable: URL

    public init(name: String, executable: URL) {
        self.name = name
        self.executable = executable
    }

    /// The source type entries of `NAME` use. Its options are the plugin's own, so any
    /// key is accepted and passed to it; the plugin validates them itself.
    public var sourceType: SourceType {
        SourceType(
            name: name, summary: "external plugin \(executable.path)", options: [], acceptsUndeclaredOptions: true
        ) { [self] entry in try ExecSource(entry: entry, plugin: self) }
    }
}

/// Finds external plugins the way git and kubectl do: by name, listing folders only.
public enum PluginDiscovery {
    public static let prefix = "tributary-source-"
    /// The variable naming plugin folders (colon-separated), searched before `PATH`.
    public static let pathVariable = "TRIBUTARY_PLUGIN_PATH"

    /// The plugins folders (`TRIBUTARY_PLUGIN_PATH`, else `$XDG_DATA_HOME/tributary/plugins`,
    /// else `~/.local/share/tributary/plugins`), then `PATH`'s folders.
    public static func folders(environment: [String: String]) -> [String] {
        pluginFolders(environment) + (environment["PATH"] ?? "").split(separator: ":").map(String.init)
    }

    static func pluginFolders(_ environment: [String: String]) -> [String] {
        if let path = environment[pathVariable], !path.isEmpty {
            return path.split(separator: ":").map(String.init)
        }
        let data =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".local/share")
        return [(data as NSString).appendingPathComponent("tributary/plugins")]
    }

    /// Every plugin, by name; when two folders hold the same name, the first folder wins.
    public static func discover(environment: [String: String]) -> [DiscoveredPlugin] {
        var found: [DiscoveredPlugin] = []
        for folder in folders(environment: environment) where !folder.isEmpty {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for file in names.sorted() {
                guard let plugin = plugin(named: file, in: folder), !found.contains(where: { $0.name == plugin.name })
                else { continue }
                found.append(plugin)
            }
        }
        return found
    }

    private static func plugin(named file: String, in folder: String) -> DiscoveredPlugin? {
        guard file.hasPrefix(prefix) else { return nil }
        let name = String(file.dropFirst(prefix.count))
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(allowed.contains) else { return nil }
        let path = (folder as NSString).appendingPathComponent(file)
        var isFolder: ObjCBool = false
        guard unsafe FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
            FileManager.default.isExecutableFile(atPath: path)
        else { return nil }
        return DiscoveredPlugin(name: name, executable: URL(fileURLWithPath: path))
    }

    private static let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_"))
}
