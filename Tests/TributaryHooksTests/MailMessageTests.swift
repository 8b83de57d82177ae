import Foundation
import Testing

@testable import TributaryHooks

/// The message `digest --mail` sends, as bytes: headers, the two parts, the encodings.
@Suite struct MailMessageTests {
    static let date = Date(timeIntervalSince1970: 1_796_653_603)  // Mon, 07 Dec 2026 14:26:43 UTC

    static func message(subject: String = "Morning: 2 new items", text: String = "1  Post 1\n2  Post 2\n")
        -> MailMessage
    {
        MailMessage(
            from: "digest@example.org", to: ["me@example.org", "you@example.net"], subject: subject, date: date,
            text: text, html: "<!doctype html><title>Morning</title><p>Post 1</p>")
    }

    static func lines(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
    }

    @Test func theDateHeaderIsTheGivenTimeInRFC5322Form() {
        #expect(MailMessage.dateHeader(Self.date) == "Mon, 07 Dec 2026 14:26:43 +0000")
        #expect(Self.lines(Self.message().bytes).contains("Date: Mon, 07 Dec 2026 14:26:43 +0000"))
    }

    /// Body lines at most 76 characters (RFC 2045), header lines at most 78 (RFC 5322 §2.1.1).
    @Test func everyLineEndsWithCRLFAndNoneIsLongerThan76() {
        let long = String(repeating: "Ünïcödé title with = signs and trailing space ", count: 20) + " \nnext line\t\n"
        let bytes = Self.message(text: long).bytes
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "no bare LF")
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\r"), "no bare CR")
        let lines = Self.lines(bytes)
        let headerEnd = lines.firstIndex(of: "") ?? 0
        #expect(lines[..<headerEnd].allSatisfy { $0.utf8.count <= 78 }, "\(lines[..<headerEnd])")
        #expect(lines[headerEnd...].allSatisfy { $0.utf8.count <= 76 }, "\(lines.map(\.utf8.count).max() ?? 0)")
    }

    @Test func theHeadersAndBothPartsAreThere() {
        var message = Self.message()
        message.boundary = "=_b"
        let lines = Self.lines(message.bytes)
        for header in [
            "From: digest@example.org", "MIME-Version: 1.0", "Subject: Morning: 2 new items",
            "Content-Type: multipart/alternative;", #" boundary="=_b""#,
        ] {
            #expect(lines.contains(header), "\(header)")
        }
        #expect(lines.contains("To: me@example.org,") && lines.contains(" you@example.net"))
        #expect(lines.contains { $0.hasPrefix("Message-ID: <") && $0.hasSuffix(".tributary@example.org>") })
        #expect(lines.filter { $0 == "--=_b" }.count == 2 && lines.filter { $0 == "--=_b--" }.count == 1)
        #expect(lines.contains("Content-Type: text/plain; charset=utf-8"))
        #expect(lines.contains("Content-Type: text/html; charset=utf-8"))
        let headerEnd = lines.firstIndex(of: "")!
        #expect(
            lines[..<headerEnd].allSatisfy { $0.first == " " || $0.contains(": ") }, "no blank line inside the headers")
    }

    @Test func twoMessagesHaveTheirOwnMessageIDAndBoundary() {
        let (one, two) = (Self.message(), Self.message())
        #expect(one.messageID != two.messageID && one.boundary != two.boundary)
    }

    @Test func aNonASCIISubjectIsEncodedWordsOfAtMost75CharactersThatDecodeToIt() throws {
        let subject = "Neues für dich — 12 Einträge, 東京の記事 und 🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉"
        let encoded = MIMEEncoding.headerText(subject)
        let words = encoded.components(separatedBy: "\r\n ")
        #expect(words.count > 1, "a long subject is folded")
        #expect(words.allSatisfy { $0.hasPrefix("=?UTF-8?B?") && $0.hasSuffix("?=") && $0.count <= 75 })
        let bytes = try words.flatMap { word -> [UInt8] in
            let payload = word.dropFirst("=?UTF-8?B?".count).dropLast(2)
            return Array(try #require(Data(base64Encoded: String(payload))))
        }
        #expect(String(decoding: bytes, as: UTF8.self) == subject)
        #expect(
            words.allSatisfy { word in
                let payload = word.dropFirst("=?UTF-8?B?".count).dropLast(2)
                return String(data: Data(base64Encoded: String(payload))!, encoding: .utf8) != nil
            }, "each word holds whole characters")
        #expect(MIMEEncoding.headerText("Morning: 2 new items") == "Morning: 2 new items")
        #expect(
            MIMEEncoding.headerText("looks =?like?= a word").hasPrefix("=?UTF-8?B?"), "text that could read as a word")
    }

    @Test func quotedPrintableRoundTripsAndEncodesWhatItMust() {
        let text = "a=b café\ntrailing space \nplain\n" + String(repeating: "x", count: 200) + "\n.starts with a dot"
        let encoded = MIMEEncoding.quotedPrintable(text)
        #expect(encoded.contains("a=3Db caf=C3=A9\r\n"))
        #expect(encoded.contains("trailing space=20\r\n"))
        #expect(encoded.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 76 })
        #expect(Self.decodeQuotedPrintable(encoded) == text.replacingOccurrences(of: "\n", with: "\r\n"))
    }

    @Test func base64LinesAre76Long() {
        let bytes = Array(repeating: UInt8(0xE2), count: 1000)
        let lines = MIMEEncoding.base64Lines(bytes).components(separatedBy: "\r\n")
        #expect(lines.dropLast().allSatisfy { $0.count == 76 } && lines.last!.count <= 76)
        #expect(Data(base64Encoded: lines.joined()) == Data(bytes))
    }

    /// RFC 2045 §6.7's decoding: soft breaks removed, `=XX` read as a byte.
    static func decodeQuotedPrintable(_ text: String) -> String {
        let bytes = Array(text.replacingOccurrences(of: "=\r\n", with: "").utf8)
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "="), index + 2 < bytes.count,
                let byte = UInt8(String(decoding: bytes[index + 1...index + 2], as: UTF8.self), radix: 16)
            {
                output.append(byte)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
