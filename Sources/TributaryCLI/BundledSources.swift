import Tributary
import TributaryBluesky
import TributaryExec
import TributaryFiveHundredPx
import TributaryFlickr
import TributaryFeed
import TributaryHackerNews
import TributaryLemmy
import TributaryMastodon
import TributaryStackOverflow
import TributaryTwitter

/// The source types built into Tributary. Adding a source adds one line here.
enum BundledSources {
    static let all: [SourceType] = [
        SourceType(StackOverflowSource.self),
        SourceType(FiveHundredPxSource.self),
        SourceType(FlickrSource.self),
        SourceType(TwitterSource.self),
        SourceType(WebFeedSource.self),
        SourceType(ExecSource.self, acceptsUndeclaredOptions: true),
        SourceType(HackerNewsSource.self),
        SourceType(MastodonSource.self),
        SourceType(LemmySource.self),
        SourceType(BlueskySource.self),
    ]

    /// The bundled types plus the external plugins found by name (`tributary-source-NAME`
    /// in the plugins folders or on PATH); a bundled name always wins. Lists folders only,
    /// and only when an entry names a type that is not bundled (about 2,600 names on a
    /// Debian PATH, listed twice where /bin is /usr/bin).
    static func registry(environment: [String: String]) -> SourceRegistry {
        SourceRegistry(all) { discovered(environment: environment).map(\.sourceType) }
    }

    /// The external plugins whose names no bundled type takes.
    static func discovered(environment: [String: String]) -> [DiscoveredPlugin] {
        PluginDiscovery.discover(environment: environment).filter { plugin in !all.contains { $0.name == plugin.name } }
    }
}
