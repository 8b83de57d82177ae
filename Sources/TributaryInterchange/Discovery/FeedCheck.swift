import Foundation
import Tributary
import TributarySyndication

/// The checks `FeedDiscovery` makes on what it fetches.
enum FeedCheck {
    /// The response read as a feed by Tributary's own reader, or nil when it is not one.
    static func read(_ response: HTTPResponse, at url: URL) async -> DiscoveredFeed? {
        guard response.isSuccess, !isHTML(response) else { return nil }
        do {
            _ = try await FeedDocument.read(
                body: response.body, documentURL: url, limit: nil, mediaType: response.mediaType)
        } catch {
            return nil
        }
        return DiscoveredFeed(url: url, title: FeedTitle.peek(response.body))
    }

    /// Whether the body is an HTML page, by its declared type or its first bytes.
    static func isHTML(_ response: HTTPResponse) -> Bool {
        if response.mediaType == "text/html" || response.mediaType == "application/xhtml+xml" { return true }
        let head = String(decoding: response.body.prefix(512), as: UTF8.self).lowercased()
        return head.contains("<!doctype html") || head.contains("<html")
    }

    /// Why `candidate` may not be fetched for `page`: a page on a public host may not point
    /// Tributary at this machine or a private network by a numeric address or `localhost`
    /// (as `CurlTransport` refuses such redirects); nil when it may.
    static func scopeRefusal(_ candidate: URL, page: URL) -> String? {
        guard candidate.scheme == "http" || candidate.scheme == "https" else {
            return "not an http or https address"
        }
        let candidateScope = scope(of: candidate.host ?? "")
        guard candidateScope != .public, scope(of: page.host ?? "") == .public else { return nil }
        return "refused: a page on a public host may not send Tributary to a \(candidateScope.rawValue) address"
    }

    /// The scope of a host as written: its address's, `loopback` for `localhost`, else public.
    private static func scope(of host: String) -> AddressScope {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if bare == "localhost" || bare.hasSuffix(".localhost") { return .loopback }
        let scope = AddressScope.of(bare)
        return scope == .reserved && !bare.contains(":") && bare.contains(where: \.isLetter) ? .public : scope
    }
}
