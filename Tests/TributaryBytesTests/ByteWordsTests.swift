import Testing
import TributaryBytes

/// The eight-bytes-at-once tests give what a byte-by-byte look gives, for words where
/// the interesting byte sits at every position, next to every other kind of byte.
@Suite struct ByteWordsTests {
    /// Words of eight bytes drawn from the bytes that matter to the scanners (controls,
    /// `"`, `&`, `<`, `\`, `]`, DEL, UTF-8 lead and continuation bytes) and plain ones.
    static let words: [[UInt8]] = {
        let alphabet: [UInt8] = [
            0x00, 0x09, 0x0A, 0x1F, 0x20, 0x22, 0x26, 0x3C, 0x41, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0xC3, 0xFF,
        ]
        var generator = SystemRandomNumberGenerator()
        return (0..<20_000).map { _ in (0..<8).map { _ in alphabet.randomElement(using: &generator)! } }
    }()

    static func word(_ bytes: [UInt8]) -> UInt64 {
        unsafe bytes.withUnsafeBytes { unsafe ByteWords.load($0, at: 0) }
    }

    @Test func loadReadsBytesInMemoryOrderFromTheLowByte() {
        #expect(Self.word([1, 2, 3, 4, 5, 6, 7, 8]) == 0x0807_0605_0403_0201)
    }

    @Test func hasFindsABytePresentAnywhereAndNothingElse() {
        for bytes in Self.words {
            for target: UInt8 in [0x22, 0x26, 0x3C, 0x5C, 0x5D, 0x7F] {
                #expect(ByteWords.has(Self.word(bytes), target) == bytes.contains(target), "\(bytes) \(target)")
            }
        }
    }

    @Test func matchesMarksExactlyTheHighBitOfEachMatchingByte() {
        for bytes in Self.words {
            let expected = bytes.enumerated().reduce(UInt64(0)) { mask, pair in
                pair.element == 0x20 ? mask | (0x80 << (8 * UInt64(pair.offset))) : mask
            }
            #expect(ByteWords.matches(Self.word(bytes), 0x20) == expected, "\(bytes)")
        }
    }

    @Test func hasByteBelowAndHasNonASCIIAgreeWithAByteByByteLook() {
        for bytes in Self.words {
            #expect(ByteWords.hasByte(Self.word(bytes), below: 0x20) == bytes.contains { $0 < 0x20 }, "\(bytes)")
            #expect(ByteWords.hasNonASCII(Self.word(bytes)) == bytes.contains { $0 >= 0x80 }, "\(bytes)")
        }
    }
}
