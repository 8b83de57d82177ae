import Foundation
import TributaryTesting

/// What the benchmark server answers, by the first path segment.
struct BenchRoutes: Sendable {
    let itemsPerFeed: Int
    let counter = RequestCounter()

    func respond(to request: ServedRequest) -> ServedResponse {
        let segments = request.path.split(separator: "/").map(String.init)
        switch segments.first ?? "" {
        case "stats": return .text(counter.report, contentType: "application/json")
        case "healthy": return healthy(request, name: segments.dropFirst().first ?? "0")
        case "rss":
            return counted(
                .body(
                    SyntheticFeed.rss(name: segments.last ?? "0", items: itemsPerFeed),
                    contentType: "application/rss+xml"))
        case "atom":
            return counted(
                .body(
                    SyntheticFeed.atom(name: segments.last ?? "0", items: itemsPerFeed),
                    contentType: "application/atom+xml"))
        default: return FaultRoutes.response(for: segments.first ?? "")
        }
    }

    /// Stack Exchange-style JSON with an ETag; `If-None-Match` gets a 304.
    private func healthy(_ request: ServedRequest, name: String) -> ServedResponse {
        let etag = "\"healthy-\(name)-v1\""
        if request.headers["if-none-match"] == etag {
            counter.count(notModified: true)
            return ServedResponse(status: 304, headers: ["ETag": etag])
        }
        counter.count(notModified: false)
        let body = SyntheticFeed.stackExchange(name: name, items: 30)
        return .body(body, contentType: "application/json; charset=utf-8", headers: ["ETag": etag])
    }

    private func counted(_ response: ServedResponse) -> ServedResponse {
        counter.count(notModified: false)
        return response
    }
}

/// Counts full downloads and 304s, for `/stats`.
final class RequestCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var full = 0
    private var notModified = 0

    func count(notModified isNotModified: Bool) {
        lock.withLock { if isNotModified { notModified += 1 } else { full += 1 } }
    }

    var report: String {
        lock.withLock { #"{"full": \#(full), "notModified": \#(notModified)}"# }
    }
}
