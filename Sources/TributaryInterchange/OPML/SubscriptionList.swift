/// What an OPML file holds: the feeds to import, and the outlines left out, by line.
public struct SubscriptionList: Sendable, Equatable {
    /// The feeds, in the file's order.
    public var subscriptions: [Subscription] = []
    /// The lines of outlines with no (or an empty) `xmlUrl` and nothing inside: empty
    /// folders, query feeds and the settings some readers export beside the feeds.
    public var notFeeds: [Int] = []
    /// Outlines whose `xmlUrl` is not an http(s) feed address.
    public var refused: [RefusedOutline] = []

    public init(subscriptions: [Subscription] = [], notFeeds: [Int] = [], refused: [RefusedOutline] = []) {
        self.subscriptions = subscriptions
        self.notFeeds = notFeeds
        self.refused = refused
    }
}

/// An outline left out because its `xmlUrl` is no feed address Tributary should fetch.
public struct RefusedOutline: Sendable, Equatable {
    /// The line of the outline.
    public var line: Int
    /// The `xmlUrl`, as written (foreign text: clean it before showing it).
    public var address: String
    /// Why, such as "is not an http:// or https:// address".
    public var reason: String

    public init(line: Int, address: String, reason: String) {
        self.line = line
        self.address = address
        self.reason = reason
    }
}
