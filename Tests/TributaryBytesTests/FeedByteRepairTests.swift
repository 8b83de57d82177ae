import Testing
import TributaryBytes

/// The repair on its own: which documents it takes on, and what it gives for the bytes
/// libxml2 would get wrong, however they are cut into chunks.
@Suite struct FeedByteRepairTests {
    @Test func readsDeclaredLatin1AndUndeclaredTextButLeavesOtherEncodingsAndWideTextAlone() {
        let mode = { (head: String) in
            unsafe Array(head.utf8).withUnsafeBytes { unsafe FeedByteRepair.mode(forHead: $0) }
        }
        #expect(mode(#"<?xml version="1.0" encoding="ISO-8859-1"?><rss/>"#) == .repair)
        #expect(mode("<rss/>") == .repair)
        #expect(mode(#"<?xml version="1.0" encoding='Shift_JIS'?><rss/>"#) == .passThrough)
        let wideMode = unsafe [0xFF, 0xFE, 0x3C, 0x00].withUnsafeBytes { unsafe FeedByteRepair.mode(forHead: $0) }
        #expect(wideMode == .passThrough)
    }

    @Test(arguments: [1, 2, 3, 7, 1_000])
    func aUTF8SequenceCutByAChunkStaysUTF8AndStrayBytesReadAsWindows1252(chunk: Int) {
        let bytes: [UInt8] = Array("<t>é — ".utf8) + [0x93, 0x41, 0x94] + Array(" AT&T &amp; &lt;</t>".utf8)
        let text = String(decoding: repaired(bytes, chunk: chunk), as: UTF8.self)
        #expect(text == "<t>é — “A” AT&amp;T &amp; &lt;</t>")
    }

    @Test func cdataSectionsKeepTheirAmpersands() {
        let bytes = Array("<t><![CDATA[a & b]]> & c</t>".utf8)
        #expect(String(decoding: repaired(bytes, chunk: 4), as: UTF8.self) == "<t><![CDATA[a & b]]> &amp; c</t>")
    }

    private func repaired(_ bytes: [UInt8], chunk: Int) -> [UInt8] {
        var repair = FeedByteRepair()
        var output: [UInt8] = []
        for start in stride(from: 0, to: bytes.count, by: chunk) {
            unsafe bytes[start..<min(start + chunk, bytes.count)].withUnsafeBytes { piece in
                unsafe repair.repair(piece, final: false) { unsafe output.append(contentsOf: $0) }
            }
        }
        unsafe repair.repair(UnsafeRawBufferPointer(start: nil, count: 0), final: true) {
            unsafe output.append(contentsOf: $0)
        }
        return output
    }
}
