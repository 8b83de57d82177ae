import Foundation
import Tributary

/// Where Tributary keeps its cache: `--cache-dir`, else `$XDG_CACHE_HOME/tributary`,
/// else `~/.cache/tributary`.
public enum CacheFolder {
    public static func resolve(explicit: String?, environment: [String: String]) -> URL {
        if let explicit { return URL(fileURLWithPath: explicit) }
        return UserFolder.cache.url(environment: environment)
    }
}
