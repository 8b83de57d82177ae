import Tributary
import TributaryFiveHundredPx
import TributaryFlickr
import TributaryFeed
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
    ]

    static var registry: SourceRegistry { SourceRegistry(all) }
}
