import Foundation
import Testing
import Tributary
import TributaryFlickr
import TributaryTesting

/// `mode: search` (flickr.photos.search) against a local server serving real-format bodies.
@Suite struct FlickrSearchTests {
    static let key = "0123456789abcdef0123456789abcdef"
    let harness = SourceHarness(SourceType(FlickrSource.self), environment: ["FLICKR_API_KEY": Self.key])

    func entry(_ server: LocalHTTPServer, _ extra: String = "") -> String {
        #"{"id": "fl", "type": "flickr", "apiKey": "${FLICKR_API_KEY}", "text": "harbour dusk", "baseURL": "#
            + #""\#(server.baseURL)"\#(extra)}"#
    }

    func serve(
        _ fixture: String, contentType: String = "application/json; charset=utf-8", status: Int = 200,
        headers: [String: String] = [:]
    ) async throws -> LocalHTTPServer {
        try await LocalHTTPServer.start { _ in
            Fixture.response(fixture, in: .module, contentType: contentType, status: status, headers: headers)
        }
    }

    @Test func searchWithExtrasMapsEveryField() async throws {
        let server = try await serve("search-with-extras/body.json")
        defer { Task { await server.shutdown() } }
        let updates = try await harness.updates(entry(server))
        let items = try #require(updates.last?.items)
        #expect(items.count == 2)
        let first = items[0]
        #expect(first.id == "54921837265")
        #expect(first.kind == .photo)
        #expect(first.sourceType == "flickr")
        #expect(first.title == "Harbour at dusk & the last ferry")
        #expect(first.url?.absoluteString == "https://www.flickr.com/photos/94046760@N00/54921837265/")
        #expect(first.author == "tony-28")
        #expect(first.published == Date(timeIntervalSince1970: 1_795_310_400))
        #expect(first.thumbnail?.absoluteString == "https://live.staticflickr.com/65535/54921837265_120049fc0c_q.jpg")
        #expect(first.image?.absoluteString == "https://live.staticflickr.com/65535/54921837265_120049fc0c_z.jpg")
        #expect(first.tags == ["piraeus", "harbour", "dusk", "ferry"])
        #expect(first.summary == "1,204 views")
        #expect(items[1].title == "Untitled photo")
        #expect(items[1].author == "Marta Kováč")
        #expect(items[1].tags.isEmpty)
        #expect(updates.last?.notes == ["4,120 results"])
    }

    @Test func searchRequestCarriesOptionsAndKeepsTheKeyOutOfTheURL() async throws {
        let server = try await serve("search-with-extras/body.json")
        defer { Task { await server.shutdown() } }
        let json = entry(
            server,
            #", "tags": ["sunset", "sea"], "tagMode": "all", "sort": "date-posted-desc", "limit": 25, "safeSearch": "#
                + #""moderate""#
        )
        _ = try await harness.items(json)
        let sent = try #require(server.requests.first)
        #expect(sent.path == "/services/rest/")
        #expect(sent.query["method"] == "flickr.photos.search")
        #expect(sent.query["text"] == "harbour dusk")
        #expect(sent.query["tags"] == "sunset,sea")
        #expect(sent.query["tag_mode"] == "all")
        #expect(sent.query["sort"] == "date-posted-desc")
        #expect(sent.query["per_page"] == "25")
        #expect(sent.query["safe_search"] == "2")
        #expect(sent.query["extras"] == "owner_name,date_upload,date_taken,tags,views,url_q,url_z")
        #expect(sent.query["format"] == "json")
        #expect(sent.query["nojsoncallback"] == "1")
        #expect(sent.query["api_key"] == Self.key, "the key goes on the wire")
        let request = try #require(try harness.source(json) as? FlickrSource).request()
        #expect(!request.url.absoluteString.contains(Self.key))
        #expect(!request.recordingKey.contains(Self.key))
        #expect(!request.displayURL.contains(Self.key))
        #expect(request.displayURL.hasSuffix("&api_key=***"))
    }

    @Test func searchDefaultsToInterestingnessAndAnyTag() async throws {
        let server = try await serve("search-with-extras/body.json")
        defer { Task { await server.shutdown() } }
        _ = try await harness.items(
            #"{"id": "fl", "type": "flickr", "apiKey": "${FLICKR_API_KEY}", "tags": ["fog"], "baseURL": "#
                + #""\#(server.baseURL)"}"#
        )
        let sent = try #require(server.requests.first)
        #expect(sent.query["sort"] == "interestingness-desc")
        #expect(sent.query["tag_mode"] == "any")
        #expect(sent.query["per_page"] == "100")
        #expect(sent.query["text"] == nil)
    }

    @Test func missingURLExtrasAreRebuiltFromServerIDAndSecret() async throws {
        let server = try await serve("search-without-url-extras/body.json")
        defer { Task { await server.shutdown() } }
        let items = try await harness.items(entry(server))
        #expect(
            items[0].thumbnail?.absoluteString == "https://live.staticflickr.com/65535/54920011873_e4c1a9f0b2_q.jpg")
        #expect(items[0].image?.absoluteString == "https://live.staticflickr.com/65535/54920011873_e4c1a9f0b2_z.jpg")
        #expect(
            items[1].thumbnail?.absoluteString == "https://live.staticflickr.com/65535/54919877410_7a7a0c3d11_q.jpg")
        #expect(items[1].image?.absoluteString == "https://live.staticflickr.com/65535/54919877410_7a7a0c3d11_z.jpg")
    }

    @Test func theNewestUploadBecomesTheCursorAndACursorAsksOnlyForLaterUploads() async throws {
        let server = try await serve("search-without-url-extras/body.json")
        defer { Task { await server.shutdown() } }
        let update = try #require(try await harness.updates(entry(server)).last)
        #expect(update.cursor == "1795303800")
        let source = try #require(try harness.source(entry(server)) as? any SingleRequestSource)
        #expect(try source.request(after: "1795303800").url.query?.contains("min_upload_date=1795303800") == true)
    }

    @Test func aPhotoWithoutOwnerNameIsAttributedToItsOwnerNSID() async throws {
        let server = try await serve("search-without-owner-name/body.json")
        defer { Task { await server.shutdown() } }
        let items = try await harness.items(entry(server))
        #expect(items.map(\.author) == ["51035555243@N01", "8374619@N02"])
        #expect(items[0].url?.absoluteString == "https://www.flickr.com/photos/51035555243@N01/54920011999/")
    }

    @Test func numbersArrivingAsStringsOrNumbersDecode() async throws {
        let server = try await serve("string-typed-numbers/body.json")
        defer { Task { await server.shutdown() } }
        let update = try #require(try await harness.updates(entry(server)).last)
        let item = try #require(update.items.first)
        #expect(update.notes == ["4,120 results"])
        #expect(item.id == "54918230077")
        #expect(item.published == Date(timeIntervalSince1970: 1_795_290_000))
        #expect(item.score == 3412)
        #expect(item.summary == "3,412 views")
        #expect(item.image?.absoluteString == "https://live.staticflickr.com/65535/54918230077_0f3e92ab5c_z.jpg")
    }

    @Test func invalidKeyIsPermanentSaysSoAndMakesOneRequest() async throws {
        let server = try await serve("stat-fail-invalid-key/body.json")
        defer { Task { await server.shutdown() } }
        let error = try #require(await harness.failure(entry(server)))
        #expect(error.code == .permanent)
        #expect(error.message.contains("invalid or expired"))
        #expect(error.message.contains("Invalid API Key (Key has expired)"))
        #expect(error.message.contains("FLICKR_API_KEY"))
        #expect(error.message.contains("\"mode\": \"public\""))
        #expect(!error.description.contains(Self.key))
        #expect(server.requests.count == 1)
    }

    @Test func serviceUnavailableCode105IsTransient() async throws {
        let server = try await serve("stat-fail-service-unavailable/body.json")
        defer { Task { await server.shutdown() } }
        let error = try #require(await harness.failure(entry(server)))
        #expect(error.code == .transient)
        #expect(
            error.message
                == "Flickr service is temporarily unavailable (code 105: Service currently unavailable); try again "
                + "later"
        )
    }

    @Test func http429WithHTMLBodyIsRateLimitedHonouringRetryAfter() async throws {
        let server = try await serve(
            "rate-limited-429-html/body.html", contentType: "text/html", status: 429, headers: ["Retry-After": "120"])
        defer { Task { await server.shutdown() } }
        let clock = ManualClock()
        let error = try #require(
            await SourceHarness(harness.type, environment: harness.environment, clock: clock.runClock).failure(
                entry(server)))
        #expect(error.code == .rateLimited)
        #expect(error.message.hasPrefix("Flickr is rate limiting requests (HTTP 429)"))
        #expect(
            error.retryAfter == clock.start.addingTimeInterval(120),
            "Retry-After: 120 from the answer, on the run's clock")
        #expect(!error.description.contains(Self.key))
    }

    @Test func htmlWithSuccessStatusIsABadResponse() async throws {
        let server = try await serve("rate-limited-429-html/body.html", contentType: "text/html")
        defer { Task { await server.shutdown() } }
        let error = try #require(await harness.failure(entry(server)))
        #expect(error.code == .badResponse)
        #expect(error.message.contains("(text/html)"))
    }

    @Test func jsonFlickrApiWrapperIsUnwrapped() async throws {
        let server = try await serve("jsonp-wrappers/api.js", contentType: "application/javascript; charset=utf-8")
        defer { Task { await server.shutdown() } }
        let update = try #require(try await harness.updates(entry(server)).last)
        #expect(update.items.map(\.title) == ["Wrapped in a callback"])
        #expect(update.notes == ["1 result"])
        #expect(
            update.items.first?.thumbnail?.absoluteString
                == "https://live.staticflickr.com/65535/54917733102_c0ffee1234_q.jpg")
    }
}
