import Foundation
import Tributary
import TributarySyndication

/// Finds the feeds behind an address, as `tributary add` needs them: the address itself
/// when it is a feed; else, for an HTML page, the feeds its `<link rel="alternate">` tags
/// announce; else the first of the common paths that is one. Every candidate is fetched
/// once through the run's `HTTPClient` (its size cap, timeouts and redirect rules) and
/// kept only when Tributary's feed reader reads it.
public struct FeedDiscovery: Sendable {
    /// Where sites commonly put their feed, tried when a page announces none.
    public static let commonPaths = ["/feed", "/rss.xml", "/atom.xml", "/index.xml", "/feed.json"]

    /// How many of a page's announced feeds are fetched at most; the rest are ignored, so
    /// a page cannot make `add` fetch a thousand addresses.
    public static let maxAnnouncedLinks = 20

    let http: HTTPClient
    /// Told, in one line, what was left out (announced links beyond the cap).
    let notice: @Sendable (String) -> Void

    public init(http: HTTPClient, notice: @escaping @Sendable (String) -> Void = { _ in }) {
        self.http = http
        self.notice = notice
    }

    /// The feeds found at `url`, at least one; throws a `TributaryError` naming every
    /// address tried, and why each failed, when there is none.
    public func discover(_ url: URL) async throws -> [DiscoveredFeed] {
        let page = try await http.send(HTTPRequest(url: url))
        try page.requireSuccess()
        let pageURL = page.redirectedTo ?? url
        if let feed = await FeedCheck.read(page, at: pageURL) { return [feed] }
        guard FeedCheck.isHTML(page) else {
            throw TributaryError(
                .badResponse,
                "\(page.answeredURL) is neither a feed nor an HTML page\(page.bodyKind); give the feed's own address")
        }
        var tried: [String] = []
        let announced = await announcedFeeds(in: page, at: pageURL, tried: &tried)
        if !announced.isEmpty { return announced }
        if let feed = await commonPathFeed(of: pageURL, tried: &tried) { return [feed] }
        throw TributaryError(
            .permanent,
            "no feed found at \(url.absoluteString); tried:\n" + tried.map { "  " + $0 }.joined(separator: "\n"))
    }

    /// The feeds the page's `<link rel="alternate">` tags announce that read as feeds.
    private func announcedFeeds(
        in page: HTTPResponse, at pageURL: URL, tried: inout [String]
    ) async -> [DiscoveredFeed] {
        let announced = HTMLFeedLinks.find(in: page.body, pageURL: pageURL)
        let links = announced.prefix(Self.maxAnnouncedLinks)
        if announced.count > links.count {
            notice(
                "\(pageURL.absoluteString) announces \(announced.count) feeds; the first \(links.count) were tried, "
                    + "the other \(announced.count - links.count) ignored")
        }
        if links.isEmpty { tried.append("\(pageURL.absoluteString): no <link rel=\"alternate\"> to a feed") }
        var found: [DiscoveredFeed] = []
        for link in links {
            switch await check(link.url, from: pageURL, title: link.title) {
            case .success(let feed): found.append(feed)
            case .failure(let reason): tried.append("\(link.url.absoluteString) (announced by the page): \(reason)")
            }
        }
        return found
    }

    /// The first of `commonPaths` on the page's site that reads as a feed.
    private func commonPathFeed(of pageURL: URL, tried: inout [String]) async -> DiscoveredFeed? {
        for path in Self.commonPaths {
            guard let candidate = URL(string: path, relativeTo: pageURL)?.absoluteURL else { continue }
            switch await check(candidate, from: pageURL, title: nil) {
            case .success(let feed): return feed
            case .failure(let reason): tried.append("\(candidate.absoluteString): \(reason)")
            }
        }
        return nil
    }

    /// Fetches `candidate` and reads it as a feed; the failure says why it is not one.
    private func check(_ candidate: URL, from page: URL, title: String?) async -> Result<DiscoveredFeed, Reason> {
        if let refusal = FeedCheck.scopeRefusal(candidate, page: page) { return .failure(Reason(refusal)) }
        do {
            let response = try await http.send(HTTPRequest(url: candidate))
            guard response.isSuccess else { return .failure(Reason("HTTP \(response.status)")) }
            guard var feed = await FeedCheck.read(response, at: candidate) else {
                return .failure(Reason("not a feed\(response.bodyKind)"))
            }
            feed.title = title ?? feed.title
            return .success(feed)
        } catch let error as TributaryError {
            return .failure(Reason(error.message))
        } catch {
            return .failure(Reason("\(error)"))
        }
    }

    /// Why a candidate is not a feed, for the "tried" list.
    struct Reason: Error, CustomStringConvertible {
        let description: String

        init(_ description: String) {
            self.description = description
        }
    }
}

/// A feed `FeedDiscovery` found and read.
public struct DiscoveredFeed: Sendable, Equatable {
    /// The feed's address.
    public var url: URL
    /// Its title: the page's `<link title>`, else the feed's own `<title>`.
    public var title: String?
}
