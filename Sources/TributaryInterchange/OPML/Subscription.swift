/// One feed to subscribe to, as OPML carries it and as a `feed` entry of feeds.json keeps it.
public struct Subscription: Sendable, Equatable {
    /// The feed's name (`title`, else `text`); nil when the outline had neither.
    public var title: String?
    /// The feed's address (`xmlUrl`), as written.
    public var feedURL: String
    /// The site's home page (`htmlUrl`), kept in the entry's `siteURL`.
    public var siteURL: String?
    /// The folders the outline stood in, outermost first; they become the entry's `tags`.
    public var folders: [String]

    public init(title: String?, feedURL: String, siteURL: String? = nil, folders: [String] = []) {
        self.title = title
        self.feedURL = feedURL
        self.siteURL = siteURL
        self.folders = folders
    }
}
