import Tributary
import TributaryFeed
import TributaryStackOverflow

/// The source types built into Tributary. Adding a source adds one line here.
enum BundledSources {
    static let all: [SourceType] = [
        SourceType(StackOverflowSource.self),
        SourceType(WebFeedSource.self),
    ]

    static var registry: SourceRegistry { SourceRegistry(all) }
}
