import Foundation
import Tributary

/// The posts of one Lemmy community, through the instance's API v3. Needs no login.
public struct LemmySource: SingleRequestSource {
    public static let type = "lemmy"
    public static let summary = "Lemmy community posts (API v3 post/list; no login)"
    public static let options = LemmyOptions.specs

    let community: String
    let sort: String
    let limit: Int
    let instance: URL

    public init(entry: SourceEntry) throws {
        let options = LemmyOptions(entry)
        community = options.community.trimmingCharacters(in: .whitespaces)
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "_@.-"))
        guard !community.isEmpty, community.unicodeScalars.allSatisfy(allowed.contains),
            community.filter({ $0 == "@" }).count <= 1
        else {
            throw entry.invalid(
                "community", "\"\(community)\" is not a community name such as \"swift\" or \"swift@programming.dev\"")
        }
        sort = options.sort
        limit = options.limit
        guard let instance = options.baseURL ?? Self.instanceURL(options.instance) else {
            throw entry.invalid("instance", "not a server name such as \"lemmy.ml\" or an https URL")
        }
        self.instance = instance
    }

    public func request() throws -> HTTPRequest {
        LemmyAPI.request(base: instance, community: community, sort: sort, limit: limit)
    }

    public func update(from response: HTTPResponse) throws -> SourceUpdate {
        let list = try LemmyResponse.decode(response, community: community)
        return SourceUpdate(items: LemmyMapping.items(list.posts ?? []))
    }

    /// `https://<name>` for a bare server name, or the http(s) URL given.
    static func instanceURL(_ text: String) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let full = trimmed.contains("://") ? trimmed : "https://" + trimmed
        guard WebAddress.isWeb(full), let url = URL(string: full), url.host?.isEmpty == false,
            url.path.isEmpty || url.path == "/", url.query == nil
        else { return nil }
        return url
    }
}
