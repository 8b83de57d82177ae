import Foundation
import Tributary
import TributaryRendering

/// The page `serve` shows: the HTML report of the latest digest (the same template,
/// escaping and Content-Security-Policy), made live by `/assets/live.js`. The policy
/// gains only this server's own script, style and event stream ('self'); the page gains
/// the token its POSTs must carry.
struct LivePage: Sendable {
    let renderer: HTMLReportRenderer
    let token: ServeToken

    func render(_ digest: Digest) -> String {
        var page = renderer.render(digest)
        page = Self.extendingPolicy(page)
        let head =
            #"<meta name="tributary-token" content="\#(token.value)">"#
            + #"<link rel="stylesheet" href="/assets/live.css">"#
        page = Self.inserting(head, before: "</head>", in: page)
        return Self.inserting(#"<script src="/assets/live.js"></script>"#, before: "</body>", in: page)
    }

    /// The report's policy with 'self' added to `script-src` and `style-src`, and `connect-src 'self'`.
    static func extendingPolicy(_ page: String) -> String {
        let opening = #"<meta http-equiv="Content-Security-Policy" content=""#
        guard let start = page.range(of: opening), let end = page[start.upperBound...].firstIndex(of: "\"") else {
            return page
        }
        var directives = page[start.upperBound..<end].components(separatedBy: "; ")
        for (index, directive) in directives.enumerated()
        where directive.hasPrefix("script-src ") || directive.hasPrefix("style-src ") {
            let name = directive.prefix { $0 != " " }
            let sources = directive.dropFirst(name.count + 1).split(separator: " ")
                .filter { $0 != "'none'" && $0 != "&#39;none&#39;" }  // the template escapes quotes
            directives[index] = ([String(name), "'self'"] + sources.map(String.init)).joined(separator: " ")
        }
        directives.append("connect-src 'self'")
        return page.replacingCharacters(in: start.upperBound..<end, with: directives.joined(separator: "; "))
    }

    private static func inserting(_ text: String, before marker: String, in page: String) -> String {
        guard let range = page.range(of: marker, options: .backwards) else { return page + text }
        return page.replacingCharacters(in: range.lowerBound..<range.lowerBound, with: text)
    }
}
