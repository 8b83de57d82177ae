import Foundation
import Testing
import TributaryBytes

@Suite struct ByteBufferTests {
    @Test func growsPastItsCapacityAndKeepsEveryByteInOrder() {
        var buffer = ByteBuffer(capacity: 1)
        var expected: [UInt8] = []
        for round in 0..<1_000 {
            buffer.append(UInt8(round % 251))
            buffer.append("ab")
            buffer.append("é\(round)")
            expected += [UInt8(round % 251)] + Array("ab".utf8) + Array("é\(round)".utf8)
        }
        #expect(buffer.bytes == expected)
        let count = unsafe buffer.withBytes { $0.count }
        #expect(count == expected.count)
    }

    /// Escaped as RFC 8259 says, and read back by Foundation's JSON reader as the same text:
    /// every control character, quotes and backslashes at run boundaries, long plain runs.
    @Test func jsonStringsReadBackAsTheSameText() throws {
        let controls = String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self)
        let texts = [
            "", "plain", controls, "\"quoted\" \\ back\\slash", String(repeating: "long plain run é 😀 ", count: 40),
            "12345678\"", "1234567\u{1F}", "tab\there\nnew line\r", "\u{7F} stays as is",
        ]
        for text in texts {
            var buffer = ByteBuffer(capacity: 8)
            buffer.appendJSONString(text)
            let read = try JSONSerialization.jsonObject(with: Data(buffer.bytes), options: .fragmentsAllowed) as? String
            #expect(read == text)
        }
    }

    @Test func jsonEscapesAreTheShortFormsThenLowercaseHex() {
        var buffer = ByteBuffer(capacity: 8)
        buffer.appendJSONString("\"\\\n\r\t\u{01}\u{1B}")
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == #""\"\\\n\r\t\u0001\u001b""#)
    }
}
