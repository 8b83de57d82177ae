import Testing
import TributaryBytes

/// UTF-16 and UTF-32 to UTF-8, chunk by chunk.
@Suite struct WideTextDecoderTests {
    struct Encoding: CustomTestStringConvertible, Sendable {
        let name: String
        let width: Int
        let bigEndian: Bool
        var testDescription: String { name }

        func bytes(_ text: String) -> [UInt8] {
            let units: [UInt32] = width == 2 ? text.utf16.map(UInt32.init) : text.unicodeScalars.map(\.value)
            return units.flatMap { unit in
                let bytes = (0..<width).map { UInt8(truncatingIfNeeded: unit >> (8 * $0)) }
                return bigEndian ? bytes.reversed() : bytes
            }
        }

        var decoder: WideTextDecoder { WideTextDecoder(width: width, bigEndian: bigEndian) }
    }

    static let wide = [
        Encoding(name: "UTF-16LE", width: 2, bigEndian: false), Encoding(name: "UTF-16BE", width: 2, bigEndian: true),
        Encoding(name: "UTF-32LE", width: 4, bigEndian: false), Encoding(name: "UTF-32BE", width: 4, bigEndian: true),
    ]

    /// However the bytes come in chunks, split inside a code unit or between the halves
    /// of a surrogate pair, the text comes out whole.
    @Test(arguments: wide)
    func conversionIsTheSameWhereverChunksEnd(_ encoding: Encoding) {
        let text = "a😀é€\u{10FFFF}<b>"
        let bytes = encoding.bytes(text)
        for split in 0...bytes.count {
            var decoder = encoding.decoder
            var output: [UInt8] = []
            unsafe bytes[..<split].withUnsafeBytes { unsafe decoder.convert($0, final: false) { unsafe output += $0 } }
            unsafe bytes[split...].withUnsafeBytes { unsafe decoder.convert($0, final: false) { unsafe output += $0 } }
            unsafe decoder.finish { unsafe output += $0 }
            #expect(String(decoding: output, as: UTF8.self) == text, "split at \(split)")
        }
    }

    @Test(arguments: wide)
    func aByteOrderMarkIsSkipped(_ encoding: Encoding) {
        var decoder = encoding.decoder
        let output = decoder.converted(encoding.bytes("\u{FEFF}Café"), skipping: encoding.width, final: true)
        #expect(output == Array("Café".utf8))
    }

    @Test func loneSurrogatesAndACutUnitBecomeReplacementCharacters() {
        var decoder = WideTextDecoder(width: 2, bigEndian: false)
        let output = decoder.converted([0x61, 0x00, 0x00, 0xDC, 0x62, 0x00, 0x3D, 0xD8, 0x63], final: true)
        #expect(String(decoding: output, as: UTF8.self) == "a\u{FFFD}b\u{FFFD}")
    }

    @Test func aValuePastTheLastCodePointIsAReplacementCharacter() {
        var decoder = WideTextDecoder(width: 4, bigEndian: true)
        let output = decoder.converted([0x00, 0x11, 0x00, 0x00, 0x00, 0x00, 0x00, 0x41], final: true)
        #expect(String(decoding: output, as: UTF8.self) == "\u{FFFD}A")
    }
}
