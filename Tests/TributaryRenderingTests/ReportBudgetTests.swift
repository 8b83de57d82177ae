import Foundation
import Testing
@testable import Tributary
import TributaryRendering
import TributaryTesting
import TributaryNetwork

/// Limits of the HTML report: page size for a full digest, the image embedding caps.
@Suite struct ReportBudgetTests {
    @Test func aHundredItemDigestIsUnder200KBWithoutEmbeddedImages() throws {
        let sample = SampleDigest.digest()
        let items = (0..<100).map { index in
            var item = sample.items[index % (sample.items.count - 1)]
            item.id += "-\(index)"
            item.title += " — a longer title of the length Stack Overflow questions usually have"
            item.url = URL(
                string: "https://stackoverflow.com/questions/7983\(index)/a-slug-of-typical-length-for-a-question-title"
            )
            item.thumbnail = URL(
                string: "https://www.gravatar.com/avatar/d23f0824128b2f330c5c7fd0a6a3a450?s=256&d=identicon&r=PG")
            item.tags = ["swift", "concurrency", "swiftui"]
            return item
        }
        let html = try HTMLReportRenderer().render(
            Digest(title: sample.title, generatedAt: sample.generatedAt, sources: sample.sources, items: items))
        #expect(html.utf8.count < 200_000, "\(html.utf8.count) bytes")
    }

    @Test func imagesThatAreTooBigMissingOrNotImagesBecomePlaceholders() async throws {
        let server = try await LocalHTTPServer.start { request in
            switch request.path {
            case "/ok.png": .body(SampleDigest.thumbnails[0], contentType: "application/octet-stream")
            case "/big.png": .body(Data(count: ThumbnailFetcher.maxImageSize + 1), contentType: "image/png")
            case "/page.png": .body(Data("<html>".utf8), contentType: "text/html")
            default: ServedResponse(status: 404)
            }
        }
        let items = ["ok", "big", "page", "gone"].map { name in
            FeedItem(
                id: name, source: "s", sourceType: "t", kind: .photo, title: name,
                thumbnail: server.baseURL.appendingPathComponent("\(name).png"))
        }
        let http = HTTPClient(transport: CurlTransport(userAgent: HTTPClient.userAgent))
        let images = await ImageEmbedder(fetcher: ThumbnailFetcher(sharing: http)).embed(
            Digest(title: "t", generatedAt: Date(), sources: [], items: items))
        await server.shutdown()
        guard case .embedded(let uris) = images else {
            Issue.record("not embedded")
            return
        }
        #expect(uris.count == 1)
        #expect(
            uris[server.baseURL.appendingPathComponent("ok.png")]?.hasPrefix("data:image/png;base64,iVBORw0KGgo")
                == true, "sniffed as PNG")
    }
}
