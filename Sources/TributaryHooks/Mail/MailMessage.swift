import Foundation
import Tributary

/// One e-mail of the digest, as RFC 5322 bytes: the headers (`Date`, `Message-ID`, `From`,
/// `To`, `Subject`, `MIME-Version`) and a `multipart/alternative` body of the text digest
/// (`text/plain`, quoted-printable) and the HTML report (`text/html`, base64), both UTF-8,
/// CRLF line endings throughout. SMTP's dot-stuffing is libcurl's.
///
/// Written here rather than by a library: Foundation has no MIME writer on Linux, and the
/// message needs only these few parts of RFC 2045–2047 (see `MIMEEncoding`).
struct MailMessage {
    var from: String
    var to: [String]
    var subject: String
    /// The `Date` header's time: the run's clock, so a test can give it.
    var date: Date
    var text: String
    var html: String
    /// The boundary between the parts, and the `Message-ID`'s unique part: random unless given.
    var boundary = "=_tributary_" + Self.randomHex()
    var messageID: String

    init(from: String, to: [String], subject: String, date: Date, text: String, html: String) {
        self.from = from
        self.to = to
        self.subject = subject
        self.date = date
        self.text = text
        self.html = html
        let domain = from.split(separator: "@").last.map(String.init) ?? "tributary.invalid"
        messageID = "<\(Self.randomHex()).tributary@\(domain)>"
    }

    /// The message as sent. `=_` never occurs in quoted-printable or base64 text, so the
    /// boundary cannot occur in a part.
    var bytes: [UInt8] {
        let headers = [
            "Date: \(Self.dateHeader(date))",
            "Message-ID: \(messageID)",
            "From: \(from)",
            "To: \(to.joined(separator: ",\r\n "))",
            "Subject: \(MIMEEncoding.headerText(subject))",
            "MIME-Version: 1.0",
            "Content-Type: multipart/alternative;\r\n boundary=\"\(boundary)\"",
        ]
        let parts = [
            "--\(boundary)",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: quoted-printable",
            "",
            MIMEEncoding.quotedPrintable(text),
            "--\(boundary)",
            "Content-Type: text/html; charset=utf-8",
            "Content-Transfer-Encoding: base64",
            "",
            MIMEEncoding.base64Lines(Array(html.utf8)),
            "--\(boundary)--",
            "",
        ]
        return Array((headers + [""] + parts).joined(separator: "\r\n").utf8)
    }

    /// RFC 5322 §3.3's date-time in UTC: `Mon, 07 Dec 2026 14:26:43 +0000`.
    static func dateHeader(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }

    private static func randomHex() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }.joined()
    }
}
