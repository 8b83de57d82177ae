import Foundation
import Testing
import Tributary

/// APIs' timestamps: read as Foundation's ISO 8601 style reads them, and the forms it
/// does not take that APIs send (no zone, microseconds, a day alone) too.
@Suite struct ISO8601DateTests {
    static let whole = Date.ISO8601FormatStyle()
    static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    @Test func agreesWithFoundationOverManyMoments() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let seconds = Int.random(in: -2_000_000_000...4_000_000_000, using: &generator)
            let text = ISO8601Date.format(Date(timeIntervalSince1970: Double(seconds)))
            #expect(ISO8601Date.parse(text) == (try Self.whole.parse(text)), "\(text)")
        }
        let offsets = ["Z", "+00:00", "-05:00", "+05:30", "+14:00", "-12:00"]
        for text in ["2012-02-09T02:27:16", "2024-02-29T23:59:59", "1999-12-31T00:00:00", "2026-11-22T05:11:43"] {
            for offset in offsets {
                #expect(ISO8601Date.parse(text + offset) == (try Self.whole.parse(text + offset)), "\(text)\(offset)")
                let fraction = try #require(ISO8601Date.parse(text + ".120" + offset))
                let foundation = try Self.fractional.parse(text + ".120" + offset)
                #expect(abs(fraction.timeIntervalSince(foundation)) < 0.000_001, "\(text).120\(offset)")
            }
        }
    }

    @Test func readsTheFormsAPIsSendBesideRFC3339() throws {
        let moment = Date(timeIntervalSince1970: 1_795_324_303)  // 2026-11-22T05:11:43Z
        let spaced = try #require(ISO8601Date.parse(" 2026-11-22T05:11:43.120Z\n"))
        #expect(abs(spaced.timeIntervalSince(moment) - 0.12) < 0.000_001)
        let lemmy = try #require(ISO8601Date.parse("2026-11-22T05:11:43.123456"), "no zone: UTC")
        #expect(abs(lemmy.timeIntervalSince(moment) - 0.123_456) < 0.000_001, "microseconds kept")
        #expect(ISO8601Date.parse("2026-11-22T10:41:43+0530") == moment, "an offset without a colon")
        #expect(ISO8601Date.parse("2026-11-22") == Date(timeIntervalSince1970: 1_795_305_600), "a day: its start")
    }

    @Test func refusesWhatNamesNoRealMoment() {
        for text in [
            "2023-02-29T00:00:00Z", "2024-02-30T00:00:00Z", "2024-13-01T00:00:00Z", "2024-01-01T24:00:00Z",
            "2024-01-01T00:60:00Z", "2024-01-01T00:00:00+25:00", "2024-01-01T00:00:00Z junk", "yesterday", "",
            "2024-01-01T00:00:00 Mars",
        ] {
            #expect(ISO8601Date.parse(text) == nil, "\(text)")
        }
    }
}
