import Foundation
import Testing

@testable import Tributary

/// The fast reader of API timestamps gives the moment Foundation's ISO 8601 style gives,
/// and leaves every other form to it.
@Suite struct RFC3339TimestampTests {
    static let whole = Date.ISO8601FormatStyle()
    static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    @Test func agreesWithFoundationOverManyMoments() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let seconds = Int.random(in: -2_000_000_000...4_000_000_000, using: &generator)
            let text = ISO8601Date.format(Date(timeIntervalSince1970: Double(seconds)))
            #expect(RFC3339Timestamp.parse(text) == (try Self.whole.parse(text)), "\(text)")
        }
        let offsets = ["Z", "+00:00", "-05:00", "+05:30", "+14:00", "-12:00"]
        for text in ["2012-02-09T02:27:16", "2024-02-29T23:59:59", "1999-12-31T00:00:00", "2026-11-22T05:11:43"] {
            for offset in offsets {
                #expect(
                    RFC3339Timestamp.parse(text + offset) == (try Self.whole.parse(text + offset)), "\(text)\(offset)")
                let fraction = try #require(RFC3339Timestamp.parse(text + ".120" + offset))
                let foundation = try Self.fractional.parse(text + ".120" + offset)
                #expect(abs(fraction.timeIntervalSince(foundation)) < 0.000_001, "\(text).120\(offset)")
            }
        }
    }

    @Test func leavesOtherFormsToFoundation() {
        for text in [
            "2023-02-29T00:00:00Z", "2024-02-30T00:00:00Z", "2024-13-01T00:00:00Z", "2024-01-01T24:00:00Z",
            "2016-12-31T23:59:60Z", "2024-01-01t00:00:00z", "2024-01-01T00:00:00", "2024-01-01T00:00:00+0500",
            "2024-01-01T00:00:00.Z", "2024-01-01T00:00:00Z junk", "2024-01-01 00:00:00Z", "20240101T000000Z",
        ] {
            #expect(RFC3339Timestamp.parse(text) == nil, "\(text)")
        }
        #expect(ISO8601Date.parse(" 2026-11-22T05:11:43.120Z\n") == Date(timeIntervalSince1970: 1_795_324_303.12))
    }
}
