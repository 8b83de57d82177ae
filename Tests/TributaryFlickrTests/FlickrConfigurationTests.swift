import Foundation
import Testing
import Tributary
@testable import TributaryFlickr
import TributaryTesting

/// Mode selection, option checks, the README sample and the body repairs.
@Suite struct FlickrConfigurationTests {
    let harness = SourceHarness(SourceType(FlickrSource.self))

    @Test func unsetKeyVariableSkipsNamingItAndThePublicMode() throws {
        #expect {
            _ = try harness.source(#"{"id": "fl", "type": "flickr", "apiKey": "${FLICKR_API_KEY}", "text": "fog"}"#)
        } throws: { error in
            guard let error = error as? TributaryError else { return false }
            return error.code == .skipped && error.message.contains("set FLICKR_API_KEY")
                && error.message.contains("or use \"mode\": \"public\" for the keyless feed")
        }
    }

    @Test func noKeyMeansThePublicFeed() throws {
        let source = try #require(
            try harness.source(#"{"id": "pub", "type": "flickr", "tags": ["sunset"]}"#) as? FlickrSource)
        let request = try source.request()
        #expect(
            request.url.absoluteString
                == "https://api.flickr.com/services/feeds/photos_public.gne"
                + "?tags=sunset&tagmode=all&format=json&nojsoncallback=1"
        )
        #expect(request.secretQuery.isEmpty)
    }

    @Test func searchWithoutTextOrTagsIsRejected() {
        #expect {
            _ = try SourceHarness(SourceType(FlickrSource.self), environment: ["FLICKR_API_KEY": "k"])
                .source(#"{"id": "fl", "type": "flickr", "mode": "search", "apiKey": "${FLICKR_API_KEY}"}"#)
        } throws: { error in
            (error as? TributaryError)?.message
                == "sources[0].text: a search needs \"text\" or \"tags\" (Flickr refuses parameterless searches)"
        }
    }

    @Test func searchOnlyOptionsAreRejectedInPublicMode() {
        #expect {
            _ = try harness.source(#"{"id": "pub", "type": "flickr", "mode": "public", "text": "fog"}"#)
        } throws: { error in
            let error = error as? TributaryError
            return error?.code == .invalidConfiguration
                && error?.message.hasPrefix("sources[0].text: only used with") == true
        }
    }

    @Test func readmeSampleIsAValidKeylessEntry() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Plugins/Flickr/README.md").standardized
        let text = try String(contentsOf: readme, encoding: .utf8)
        let blocks = text.components(separatedBy: "```json\n").dropFirst().compactMap {
            $0.components(separatedBy: "```").first
        }
        #expect(blocks.count >= 2)
        for block in blocks {
            let entry = try harness.entry(block)
            #expect(entry.type == "flickr")
        }
        let first = try #require(blocks.first)
        let keyless = try #require(try harness.source(first) as? FlickrSource)
        #expect(try keyless.request().url.path == "/services/feeds/photos_public.gne")
    }

    @Test func quoteEscapeRepairLeavesEscapedBackslashesAlone() {
        let repaired = FlickrBody.repairingQuoteEscapes(Data(#"{"a":"d\'Oro \\ x\\\'y \"q\""}"#.utf8))
        #expect(String(decoding: repaired, as: UTF8.self) == #"{"a":"d'Oro \\ x\\'y \"q\""}"#)
    }

    @Test func unwrappingLeavesBareJSONAlone() {
        let bare = Data(#"{"stat":"ok"}"#.utf8)
        #expect(FlickrBody.unwrappingCallback(bare) == bare)
        #expect(FlickrBody.unwrappingCallback(Data(" jsonFlickrApi({\"stat\":\"ok\"});\n".utf8)) == bare)
    }

    @Test func feedImageUpgradeOnlyTouchesSizedFlickrNames() {
        let medium = URL(string: "https://live.staticflickr.com/65535/1_abc_m.jpg")!
        #expect(FlickrURLs.resized(medium, to: "z").absoluteString == "https://live.staticflickr.com/65535/1_abc_z.jpg")
        let other = URL(string: "https://example.com/pic.jpg")!
        #expect(FlickrURLs.resized(other, to: "z") == other)
    }
}
