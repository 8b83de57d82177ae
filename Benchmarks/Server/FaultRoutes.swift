import Foundation
import TributaryTesting

/// One response per fault mode, named by the first path segment.
enum FaultRoutes {
    static let modes = [
        "slow", "500", "429", "truncated", "html", "invalid-json", "bomb", "endless", "loop", "file-redirect",
        "dtd-bomb",
    ]

    static func response(for mode: String) -> ServedResponse {
        let json = "application/json; charset=utf-8"
        switch mode {
        case "slow": return ServedResponse(body: Data(#"{"items": []}"#.utf8), delay: .seconds(60))
        case "500":
            return .text("<html><body>Internal Server Error</body></html>", contentType: "text/html", status: 500)
        case "429":
            return ServedResponse(
                status: 429, headers: ["Retry-After": "3600", "Content-Type": "text/html"],
                body: Data("<html>429 Too Many Requests</html>".utf8))
        case "truncated":
            return ServedResponse(
                headers: ["Content-Type": json], body: Data(repeating: 0x20, count: 50_000),
                ending: .truncated(afterBytes: 1_000))
        case "html":
            return .text(
                "<!DOCTYPE html><html><head><title>Just a moment...</title></head></html>", contentType: "text/html")
        case "invalid-json": return .text(#"{"items": [{"question_id": 1, "title": "unterminated"#, contentType: json)
        case "bomb": return ServedResponse(headers: ["Content-Type": json, "Content-Encoding": "gzip"], body: bomb)
        case "endless": return ServedResponse(headers: ["Content-Type": json], ending: .endless)
        case "loop": return ServedResponse(status: 302, headers: ["Location": "/loop/again"])
        case "file-redirect": return ServedResponse(status: 302, headers: ["Location": "file:///etc/passwd"])
        case "dtd-bomb": return .text(billionLaughs, contentType: "application/rss+xml")
        default: return .text("no such route", status: 404)
        }
    }

    /// 200 MB of spaces, gzip-compressed once (about 200 KB on the wire).
    static let bomb = TestCompression.gzip(Data(repeating: 0x20, count: 200 * 1024 * 1024))

    static let billionLaughs = """
        <?xml version="1.0"?>
        <!DOCTYPE rss [
          <!ENTITY lol "lol">
          <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
          <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
          <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
          <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
          <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
          <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
          <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
          <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
          <!ENTITY ext SYSTEM "file:///etc/passwd">
        ]>
        <rss version="2.0"><channel><title>&lol9;</title><item><title>&ext;</title></item></channel></rss>
        """
}
