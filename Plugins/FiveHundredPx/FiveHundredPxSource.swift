import Foundation
import Tributary

/// Popular (or other featured) photos from a server speaking the 500px v1 API.
/// 500px itself deactivated that API on 2018-06-15.
public struct FiveHundredPxSource: SingleRequestSource {
    public static let type = "500px"
    public static let summary =
        "500px photo streams through the v1 API (500px shut it down in 2018; for servers that still speak it)"
    public static let options = FiveHundredPxOptions.specs

    let query: FiveHundredPxQuery
    let baseURL: URL
    let keepNSFW: Bool
    let consumerKey: Secret

    public init(entry: SourceEntry) throws {
        let options = FiveHundredPxOptions(entry)
        query = try FiveHundredPxQuery(options, entry: entry)
        baseURL = options.baseURL
        keepNSFW = options.nsfw
        consumerKey = try entry.requiredSecret(
            "consumerKey", options.consumerKey,
            hint: "500px issues no keys since 2018; only servers speaking the v1 API need one")
    }

    public func request() throws -> HTTPRequest {
        var request = HTTPRequest(base: baseURL, path: "v1/photos", query: query.parameters)
        request.secretQuery["consumer_key"] = consumerKey
        return request
    }

    public func update(from response: HTTPResponse) throws -> SourceUpdate {
        let page = try FiveHundredPxResponse.decode(response, key: consumerKey)
        let photos = page.photos ?? []
        let excluded = query.excludedCategoryIDs
        let kept = photos.filter { (keepNSFW || $0.nsfw != true) && !excluded.contains($0.category ?? -1) }
        var update = SourceUpdate(items: kept.map { FiveHundredPxMapping.item($0, sizes: query.imageSizes) })
        if kept.count < photos.count {
            update.diagnostics.append(
                "\(photos.count - kept.count) of \(photos.count) photos left out (nsfw or excluded category)")
        }
        if let total = page.total_items {
            update.diagnostics.append("\(total) photos in \(page.feature ?? query.feature)")
        }
        return update
    }
}
