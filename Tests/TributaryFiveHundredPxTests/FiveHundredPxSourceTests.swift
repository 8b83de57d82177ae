import Foundation
import Testing
import Tributary
import TributaryFiveHundredPx
import TributaryTesting

@Suite struct FiveHundredPxSourceTests {
    static let key = "pxKEY-7f3a9c21"
    let harness = SourceHarness(SourceType(FiveHundredPxSource.self), environment: ["FIVEHUNDREDPX_CONSUMER_KEY": key])

    func entry(_ server: LocalHTTPServer, _ extra: String = "") -> String {
        #"{"id": "px", "type": "500px", "consumerKey": "${FIVEHUNDREDPX_CONSUMER_KEY}", "baseURL": "#
            + #""\#(server.baseURL)"\#(extra)}"#
    }

    func serving(_ path: String, contentType: String = "application/json; charset=utf-8", status: Int = 200)
        async throws -> LocalHTTPServer
    {
        try await LocalHTTPServer.start { _ in
            Fixture.response(path, in: .module, contentType: contentType, status: status)
        }
    }

    static func utc(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    @Test func popularPageWithImagesMapsEveryField() async throws {
        let server = try await serving("popular-with-images/page.json")
        defer { Task { await server.shutdown() } }
        let items = try await harness.items(entry(server))
        #expect(items.map(\.id) == ["251164237", "251160512"])
        let first = try #require(items.first)
        #expect(first.title == #"Fog & "Light" <over> the valley"#)
        #expect(
            first.url?.absoluteString == "https://500px.com/photo/251164237/fog-light-over-the-valley-by-anna-keller")
        #expect(first.author == "Anna Keller")
        #expect(first.published == Self.utc("2018-04-11T03:45:12Z"))
        #expect(first.score == 99.7)
        #expect(first.kind == .photo)
        #expect(first.sourceType == "500px")
        #expect(
            first.thumbnail?.absoluteString == "https://drscdn.500px.org/photo/251164237/q%3D50_h%3D450/v2?sig=5f0d1c")
        #expect(first.image?.absoluteString == "https://drscdn.500px.org/photo/251164237/q%3D80_h%3D900/v2?sig=a91b77")
        #expect(first.tags == ["fog", "dolomites", "sunrise"])
        #expect(first.summary?.contains("Early morning in the Dolomites & a sea of fog.") == true)
    }

    @Test func emptyNameAndFullnameFallBackAndHTTPOnlyImagesAreKept() async throws {
        let server = try await serving("popular-with-images/page.json")
        defer { Task { await server.shutdown() } }
        let second = try #require(try await harness.items(entry(server)).last)
        #expect(second.title == "Untitled")
        #expect(second.author == "kestrel_eye")
        #expect(second.published == Self.utc("2018-04-11T00:10:05Z"))
        #expect(
            second.thumbnail?.absoluteString == "http://drscdn.500px.org/photo/251160512/q%3D50_h%3D450/v2?sig=77c2e0")
        #expect(second.image?.absoluteString == "https://drscdn.500px.org/photo/251160512/q%3D80_h%3D900/v2?sig=0be913")
    }

    @Test func nsfwPhotosAreDroppedUnlessAskedFor() async throws {
        let server = try await serving("popular-with-images/page.json")
        defer { Task { await server.shutdown() } }
        let dropped = try await harness.items(entry(server))
        #expect(!dropped.map(\.id).contains("251158844"))
        let kept = try await harness.items(entry(server, #", "nsfw": true"#))
        #expect(kept.map(\.id).contains("251158844"))
    }

    @Test func requestCarriesTheDocumentedParametersAndKeyOnlyOnTheWire() async throws {
        let server = try await serving("popular-with-images/page.json")
        defer { Task { await server.shutdown() } }
        _ = try await harness.items(entry(server))
        let request = try #require(server.requests.first)
        #expect(request.path == "/v1/photos")
        #expect(request.query["feature"] == "popular")
        #expect(request.query["sort"] == "rating")
        #expect(request.query["rpp"] == "100")
        #expect(request.query["exclude"] == "Nude")
        #expect(request.query["consumer_key"] == Self.key)
        let uri = request.uri.removingPercentEncoding ?? request.uri
        #expect(uri.contains("image_size[]=3&image_size[]=4"))
    }

    @Test func recordedURLHasNoKey() throws {
        let source = try #require(
            try harness.source(#"{"id": "px", "type": "500px", "consumerKey": "${FIVEHUNDREDPX_CONSUMER_KEY}"}"#)
                as? any SingleRequestSource)
        let request = try source.request()
        #expect(!request.url.absoluteString.contains(Self.key))
        #expect(!request.recordingKey.contains(Self.key))
        #expect(!request.displayURL.contains(Self.key))
        #expect(request.wireURL.absoluteString.contains("consumer_key=\(Self.key)"))
        #expect(
            request.url.absoluteString.hasPrefix(
                "https://api.500px.com/v1/photos?feature=popular&sort=rating&rpp=100&image_size"))
    }

    @Test func imageURLAsStringWithoutImagesOrURL() async throws {
        let server = try await serving("image-url-string/page.json")
        defer { Task { await server.shutdown() } }
        let items = try await harness.items(entry(server))
        #expect(items.map(\.title) == ["Orange or lemon", "R E S I G N E D"])
        let first = try #require(items.first)
        #expect(first.url?.absoluteString == "https://500px.com/photo/4910421")
        #expect(first.author == "Lluis de Haro Sanchez")
        #expect(first.published == Self.utc("2012-02-09T07:27:16Z"))
        #expect(
            first.thumbnail?.absoluteString
                == "http://pcdn.500px.net/4910421/c4a10b46e857e33ed2df35749858a7e45690dae7/2.jpg")
        #expect(first.image == first.thumbnail)
        #expect(first.tags.isEmpty)
    }

    @Test func imageURLAsArrayFollowsTheRequestedSizes() async throws {
        let server = try await serving("image-url-array/page.json")
        defer { Task { await server.shutdown() } }
        let item = try #require(try await harness.items(entry(server, #", "feature": "fresh_today""#)).first)
        #expect(
            item.thumbnail?.absoluteString
                == "https://drscdn.500px.org/photo/244210311/q%3D50_h%3D450/v2?client_application_id=1&sig=9a8b")
        #expect(
            item.image?.absoluteString
                == "https://drscdn.500px.org/photo/244210311/q%3D80_h%3D900/v2?client_application_id=1&sig=7c6d")
        #expect(item.published == Self.utc("2018-02-20T20:14:09Z"))
        #expect(server.requests.first?.query["feature"] == "fresh_today")
    }

    @Test func photosWithoutAnyImageStillAppear() async throws {
        let server = try await serving("no-images/page.json")
        defer { Task { await server.shutdown() } }
        let items = try await harness.items(entry(server, #", "feature": "editors""#))
        #expect(items.map(\.title) == ["Winter path", "Quiet harbour"])
        #expect(items.allSatisfy { $0.thumbnail == nil && $0.image == nil })
        #expect(items.map(\.author) == ["nordlicht", "Ines Costa"])
        #expect(items.first?.url?.absoluteString == "https://500px.com/photo/1630322")
    }

    @Test func categoryExclusionIsSentByNameAndEnforcedByID() async throws {
        let server = try await serving("category-exclusion/page.json")
        defer { Task { await server.shutdown() } }
        let items = try await harness.items(entry(server, #", "excludeCategories": ["nude", "Black and White"]"#))
        #expect(server.requests.first?.query["exclude"] == "Nude,Black and White")
        #expect(items.map(\.title) == ["Red door"])
    }

    @Test func unknownCategoryIsAConfigurationError() throws {
        #expect(throws: TributaryError.self) {
            try harness.source(
                #"{"id": "px", "type": "500px", "consumerKey": "${FIVEHUNDREDPX_CONSUMER_KEY}", "excludeCategories": ["Nudes"]}"#
            )
        }
        do {
            _ = try harness.source(
                #"{"id": "px", "type": "500px", "consumerKey": "${FIVEHUNDREDPX_CONSUMER_KEY}", "excludeCategories": ["Nudes"]}"#
            )
        } catch let error as TributaryError {
            #expect(error.code == .invalidConfiguration)
            #expect(error.message.hasPrefix(#"sources[0].excludeCategories: "Nudes" is not a 500px category"#))
        }
    }

    @Test func badImageSizeIsAConfigurationError() throws {
        do {
            _ = try harness.source(
                #"{"id": "px", "type": "500px", "consumerKey": "${FIVEHUNDREDPX_CONSUMER_KEY}", "imageSizes": ["large"]}"#
            )
            Issue.record("expected a configuration error")
        } catch let error as TributaryError {
            #expect(error.code == .invalidConfiguration)
            #expect(error.message.contains("imageSizes"))
        }
    }

    @Test func missingKeySkipsWithOneLine() throws {
        let bare = SourceHarness(SourceType(FiveHundredPxSource.self))
        do {
            _ = try bare.source(#"{"id": "px", "type": "500px", "consumerKey": "${FIVEHUNDREDPX_CONSUMER_KEY}"}"#)
            Issue.record("expected the source to be skipped")
        } catch let error as TributaryError {
            #expect(error.code == .skipped)
            #expect(error.message.hasPrefix("consumerKey is not set; set FIVEHUNDREDPX_CONSUMER_KEY"))
            #expect(!error.message.contains("\n"))
        }
    }
}
