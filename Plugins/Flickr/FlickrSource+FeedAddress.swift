import Foundation
import Tributary

extension FlickrSource: FeedAddressable {
    /// In public mode, the Atom form of the public feed (`photos_public.gne` without
    /// `format=json`), which any reader can follow; nil in search mode, which needs a key.
    public var feedAddress: URL? {
        guard case .publicFeed(let feed) = query else { return nil }
        let atom = feed.parameters.filter { $0.0 != "format" && $0.0 != "nojsoncallback" }
        return HTTPRequest(base: baseURL, path: "services/feeds/photos_public.gne", query: atom).url
    }
}
