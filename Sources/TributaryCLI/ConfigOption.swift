import ArgumentParser
import Foundation
import Tributary

/// `--config PATH`, shared by every command that reads feeds.json or keys state by it;
/// without it, the file is looked up as `ConfigLocation` describes.
struct ConfigOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The configuration file (default: $TRIBUTARY_CONFIG, else ./feeds.json, "
                + "else $XDG_CONFIG_HOME/tributary/feeds.json or ~/.config/tributary/feeds.json).",
            valueName: "path"),
        completion: .file(extensions: ["json"]))
    var config: String?

    /// The file to use; an `invalidConfiguration` error naming the paths tried when there is none.
    func file(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        try ConfigLocation(environment: environment).find(explicit: config)
    }

    /// The file to add entries to: `--config` as given, else the one the lookup finds, else
    /// where `tributary init` would write one (commands that create it when missing).
    func fileOrNew(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let config { return URL(fileURLWithPath: config).standardizedFileURL }
        let location = ConfigLocation(environment: environment)
        return (try? location.find(explicit: nil)) ?? location.starterFile
    }
}
