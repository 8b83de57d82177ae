import Foundation
import Testing
import Tributary

/// The summaries' numbers read as they did with Foundation's en_US number styles.
@Suite struct DecimalTextTests {
    @Test func thousandsAreGroupedWithCommas() {
        #expect(DecimalText.grouped(0) == "0")
        #expect(DecimalText.grouped(999) == "999")
        #expect(DecimalText.grouped(1_204) == "1,204")
        #expect(DecimalText.grouped(36_519) == "36,519")
        #expect(DecimalText.grouped(1_000_000) == "1,000,000")
        #expect(DecimalText.grouped(-36_519) == "-36,519")
        #expect(DecimalText.grouped(Int.min) == "-9,223,372,036,854,775,808")
    }

    @Test func atMostOneDecimalIsKept() {
        #expect(DecimalText.upToOneDecimal(99.9) == "99.9")
        #expect(DecimalText.upToOneDecimal(97.44) == "97.4")
        #expect(DecimalText.upToOneDecimal(97.96) == "98")
        #expect(
            DecimalText.upToOneDecimal(57.25) == "57.2" && DecimalText.upToOneDecimal(57.35) == "57.4", "half to even")
        #expect(DecimalText.upToOneDecimal(100) == "100")
        #expect(DecimalText.upToOneDecimal(1_234.5) == "1,234.5")
        #expect(DecimalText.upToOneDecimal(-0.4) == "-0.4")
        #expect(DecimalText.upToOneDecimal(0.04) == "0")
    }

    @Test func exactlyOneDecimalAsPrintfWritesIt() {
        var values = [0.0, 99.9, 99.96, 2.25, 2.75, -3.14, -0.04, 12_345.67, 0.05, 0.15, 0.35, 1.45, 7.0]
        values += (0..<2_000).map { Double($0) / 1_000 } + (0..<500).map { _ in Double.random(in: -1e6...1e6) }
        for value in values {
            #expect(DecimalText.oneDecimal(value) == String(format: "%.1f", value), "\(value)")
        }
        #expect(DecimalText.oneDecimal(.infinity) == "inf" && DecimalText.oneDecimal(.nan) == "nan")
    }

    /// The same text Foundation's en_US styles give, over a spread of values.
    @Test func matchesFoundationsEnglishStyles() {
        let english = Locale(identifier: "en_US")
        for number in [0, 7, 42, 999, 1_000, 12_345, 123_456, 9_876_543, -4_321] {
            #expect(DecimalText.grouped(number) == number.formatted(.number.grouping(.automatic).locale(english)))
        }
        for rating in [0.0, 0.05, 0.15, 0.35, 1.05, 4.3, 57.25, 57.35, 88.8, 97.44, 99.96, 100.0, 2_500.7, 2_500.75] {
            let foundation = rating.formatted(.number.precision(.fractionLength(0...1)).locale(english))
            #expect(DecimalText.upToOneDecimal(rating) == foundation, "\(rating)")
        }
    }
}
