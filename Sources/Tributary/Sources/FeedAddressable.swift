import Foundation

/// A source whose items another feed reader can follow at a feed address of its own (the
/// Flickr public feed is Atom): `tributary export` lists such entries in its OPML beside
/// the `feed` entries. A source adopts it in a file of its own plugin.
public protocol FeedAddressable {
    /// The address of the feed carrying this entry's items, with no secret in it; nil
    /// when this entry has none (a keyed search).
    var feedAddress: URL? { get }
}
