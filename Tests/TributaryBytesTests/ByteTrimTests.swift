import Testing
import TributaryBytes

/// Trimming gives a view of the same bytes, without the spaces and controls at its edges.
@Suite struct ByteTrimTests {
    static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
        unsafe bytes.withUnsafeBufferPointer { unsafe Array(ByteTrim.trimmingSpacesAndControls($0)) }
    }

    @Test func spacesAndControlsAtTheEdgesGo() {
        #expect(Self.trimmed(Array(" \t\r\n 13 Dec 2003\u{0}\u{1F} \n".utf8)) == Array("13 Dec 2003".utf8))
    }

    @Test func spacesInsideAndBytesAboveASCIIStay() {
        #expect(Self.trimmed(Array(" 3. März 2004 ".utf8)) == Array("3. März 2004".utf8))
        #expect(Self.trimmed([0xC3, 0x20, 0xA9]) == [0xC3, 0x20, 0xA9])
    }

    @Test(arguments: [[], [0x20], [0x09, 0x0A, 0x00, 0x20]] as [[UInt8]])
    func nothingButSpacesLeavesNothing(_ bytes: [UInt8]) {
        #expect(Self.trimmed(bytes).isEmpty)
    }

    @Test func theViewPointsIntoTheSameMemory() {
        let bytes = Array("  ab ".utf8)
        unsafe bytes.withUnsafeBufferPointer { buffer in
            let trimmed = unsafe ByteTrim.trimmingSpacesAndControls(buffer)
            let sameMemory = unsafe trimmed.baseAddress == buffer.baseAddress! + 2
            #expect(sameMemory)
            #expect(trimmed.count == 2)
        }
    }
}
