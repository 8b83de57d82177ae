import Tributary
import TributaryStackOverflow
import TributaryTwitter

/// The source types built into Tributary. Adding a source adds one line here.
enum BundledSources {
    static let all: [SourceType] = [
        SourceType(StackOverflowSource.self),
        SourceType(TwitterSource.self),
    ]

    static var registry: SourceRegistry { SourceRegistry(all) }
}
