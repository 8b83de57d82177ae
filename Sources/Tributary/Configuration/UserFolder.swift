import Foundation

/// Tributary's per-user folders, by the XDG Base Directory rule: `$XDG_<KIND>_HOME/tributary`
/// when that variable is an absolute path, else the kind's default under `$HOME`.
public enum UserFolder: Sendable {
    /// feeds.json: `$XDG_CONFIG_HOME`, else `~/.config`.
    case config
    /// Thrown-away HTTP bodies and validators: `$XDG_CACHE_HOME`, else `~/.cache`.
    case cache
    /// The state store: `$XDG_STATE_HOME`, else `~/.local/state`.
    case state

    /// The `tributary` folder of this kind.
    public func url(environment: [String: String]) -> URL {
        let (variable, fallback) =
            switch self {
            case .config: ("XDG_CONFIG_HOME", ".config")
            case .cache: ("XDG_CACHE_HOME", ".cache")
            case .state: ("XDG_STATE_HOME", ".local/state")
            }
        let base =
            environment[variable].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0, isDirectory: true) : nil }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory(), isDirectory: true)
            .appendingPathComponent(fallback, isDirectory: true)
        return base.appendingPathComponent("tributary", isDirectory: true)
    }
}
