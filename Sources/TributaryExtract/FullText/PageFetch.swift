import Foundation
import Tributary

/// Why an item's page gave no article, in words for `-v`.
struct PageFailure: Error {
    let reason: String
}

/// Fetches pages and extracts their articles, so many at once.
struct PageFetch: Sendable {
    let http: HTTPClient
    let extractor: ArticleExtractor
    let selector: ElementSelector?
    let entry: SourceEntry

    /// The article (cleaned HTML) of each page at `urls`, in their order, or why it has none.
    func articles(at urls: [URL], atOnce: Int) async -> [Result<String, PageFailure>] {
        var results = [Result<String, PageFailure>?](repeating: nil, count: urls.count)
        await withTaskGroup(of: (Int, Result<String, PageFailure>).self) { group in
            var pending = urls.indices.makeIterator()
            for _ in 0..<atOnce {
                guard let index = pending.next() else { break }
                group.addTask { (index, await article(at: urls[index])) }
            }
            for await (index, result) in group {
                results[index] = result
                if let next = pending.next() { group.addTask { (next, await article(at: urls[next])) } }
            }
        }
        return results.map { $0 ?? .failure(PageFailure(reason: "cancelled")) }
    }

    private func article(at url: URL) async -> Result<String, PageFailure> {
        if let refusal = PageAddress.refusal(of: url, for: entry) { return .failure(PageFailure(reason: refusal)) }
        let response: HTTPResponse
        do {
            response = try await http.send(HTTPRequest(url: url))
        } catch {
            return .failure(PageFailure(reason: TextCleanup.singleLine(String(describing: error))))
        }
        guard response.isSuccess else {
            return .failure(PageFailure(reason: "the page answered HTTP \(response.status)"))
        }
        if let type = response.mediaType, !PageAddress.htmlTypes.contains(type) {
            return .failure(PageFailure(reason: "the page is \(TextCleanup.singleLine(type)), not HTML"))
        }
        do {
            let article = try extractor.extract(
                from: response.body, url: response.redirectedTo ?? url, selector: selector)
            return .success(article.html)
        } catch {
            return .failure(PageFailure(reason: error.message))
        }
    }
}

/// Which item addresses are pages to fetch, and which the entry may not reach.
enum PageAddress {
    static let htmlTypes: Set<String> = ["text/html", "application/xhtml+xml"]

    /// An `http` or `https` address.
    static func isWebPage(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased() else { return false }
        return (scheme == "http" || scheme == "https") && url.host != nil
    }

    /// Why `url` is refused, when it names this machine or a private network by address
    /// (or `localhost`) while the entry's own server is public: remote text must not send
    /// Tributary into the user's network. Redirects are guarded by the transport.
    static func refusal(of url: URL, for entry: SourceEntry) -> String? {
        guard scope(of: url) != .public else { return nil }
        let own = entry.string("url").flatMap(URL.init(string:)) ?? entry.baseURL
        if let own, own.isFileURL || scope(of: own) != .public { return nil }
        return "refused: the page's address points into this machine or its network, and the source is public"
    }

    private static func scope(of url: URL) -> AddressScope {
        guard let host = url.host?.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased() else {
            return .reserved
        }
        if host == "localhost" || host.hasSuffix(".localhost") { return .loopback }
        let scope = AddressScope.of(host)
        return scope == .reserved && !host.contains(":") && host.contains(where: \.isLetter) ? .public : scope
    }
}
