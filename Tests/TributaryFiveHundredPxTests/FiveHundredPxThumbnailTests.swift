import Foundation
import Testing
import Tributary
import TributaryFiveHundredPx
import TributaryTesting

/// The signal sends the photos, then (when the run embeds images) the photos again
/// with their thumbnails downloaded, as FunctionalReactivePixels filled its grid.
@Suite struct FiveHundredPxThumbnailTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 32))
    let harness = SourceHarness(
        SourceType(FiveHundredPxSource.self), environment: ["FIVEHUNDREDPX_CONSUMER_KEY": "px-test-key"])

    /// A v1 page of two photos whose size-3 images live on the test server; the second one 404s.
    static func page(_ base: URL) -> Data {
        let photos = (1...2).map { id in
            #"{"id": \#(id), "name": "Photo \#(id)", "rating": 90.5, "created_at": "2026-11-21T10:00:00-05:00", "#
                + #""url": "/photo/\#(id)/x", "user": {"username": "u\#(id)"}, "images": [{"size": 3, "url": "\#(base)/thumb/\#(id).jpg", "https_url": "\#(base)/thumb/\#(id).jpg", "format": "jpeg"}, {"size": 4, "url": "\#(base)/full/\#(id).jpg", "https_url": "\#(base)/full/\#(id).jpg", "format": "jpeg"}]}"#
        }
        return Data(
            (#"{"feature": "popular", "current_page": 1, "total_pages": 1, "total_items": 2, "photos": "#
                + #"[\#(photos.joined(separator: ","))]}"#)
                .utf8)
    }

    func serve() async throws -> LocalHTTPServer {
        let baseBox = BaseBox()
        let server = try await LocalHTTPServer.start { request in
            switch request.path {
            case "/v1/photos": .body(Self.page(baseBox.url!), contentType: "application/json")
            case "/thumb/1.jpg": .body(Self.png, contentType: "image/png")
            default: .text("missing", status: 404)
            }
        }
        baseBox.url = server.baseURL
        return server
    }

    @Test func withoutEmbeddingThereIsOneSnapshotAndNoDownload() async throws {
        let server = try await serve()
        let updates = try await harness.updates(
            #"{"id": "px", "type": "500px", "baseURL": "\#(server.baseURL)", "consumerKey": "#
                + #""${FIVEHUNDREDPX_CONSUMER_KEY}"}"#
        )
        await server.shutdown()
        #expect(updates.count == 1)
        #expect(!server.requests.contains { $0.path.hasPrefix("/thumb/") })
    }

    @Test func embeddingSendsPhotosThenPhotosWithThumbnails() async throws {
        let server = try await serve()
        let updates = try await harness.updates(
            #"{"id": "px", "type": "500px", "baseURL": "\#(server.baseURL)", "consumerKey": "#
                + #""${FIVEHUNDREDPX_CONSUMER_KEY}"}"#,
            embeddingImages: true
        )
        await server.shutdown()
        #expect(updates.count == 2)
        #expect(updates[0].items.allSatisfy { $0.thumbnailData == nil }, "the grid first shows the photos")
        #expect(updates[1].items.map(\.title) == ["Photo 1", "Photo 2"])
        #expect(updates[1].items[0].thumbnailData == "data:image/png;base64," + Self.png.base64EncodedString())
        #expect(updates[1].items[1].thumbnailData == nil, "a failed download stays a link")
        #expect(updates[1].diagnostics.contains("thumbnails: 1 of 2 downloaded"))
    }
}

/// Lets the handler learn the server's own address after it starts.
final class BaseBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: URL?

    var url: URL? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
