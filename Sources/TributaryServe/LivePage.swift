import Foundation
import Tributary
import TributaryRendering

/// The page `serve` shows: the HTML report of the latest digest (the same template,
/// escaping and Content-Security-Policy), made live by `/assets/live.js`. The policy
/// gains only this server's own script, style and event stream ('self'); the page gains
/// the token its POSTs must carry.
struct LivePage: Sendable {
    /// A rendered page and the policy to send with it as a header: the page's own, with
    /// `frame-ancestors 'none'`, which a policy in a `<meta>` tag cannot carry.
    struct Rendered {
        let html: String
        let policy: String
    }

    let renderer: HTMLReportRenderer
    let token: ServeToken

    func render(_ digest: Digest) -> Rendered {
        var page = renderer.renderWithActions(digest)
        page = Self.extendingPolicy(page)
        let head =
            #"<meta name="tributary-token" content="\#(token.value)">"#
            + #"<link rel="stylesheet" href="/assets/live.css">"#
        page = Self.inserting(head, before: "</head>", in: page)
        page = Self.inserting(#"<script src="/assets/live.js"></script>"#, before: "</body>", in: page)
        let policy = Self.policy(in: page).map { $0 + "; " } ?? ""
        return Rendered(html: page, policy: policy + FramePolicy.directive)
    }

    private static let policyOpening = #"<meta http-equiv="Content-Security-Policy" content=""#

    /// The report's policy with 'self' added to `script-src` and `style-src`, and `connect-src 'self'`.
    static func extendingPolicy(_ page: String) -> String {
        guard let range = policyRange(in: page) else { return page }
        var directives = page[range].components(separatedBy: "; ")
        for (index, directive) in directives.enumerated()
        where directive.hasPrefix("script-src ") || directive.hasPrefix("style-src ") {
            let name = directive.prefix { $0 != " " }
            let sources = directive.dropFirst(name.count + 1).split(separator: " ")
                .filter { $0 != "'none'" && $0 != "&#39;none&#39;" }  // the template escapes quotes
            directives[index] = ([String(name), "'self'"] + sources.map(String.init)).joined(separator: " ")
        }
        directives.append("connect-src 'self'")
        return page.replacingCharacters(in: range, with: directives.joined(separator: "; "))
    }

    /// The policy of the page's `<meta>` tag, its HTML escapes undone.
    static func policy(in page: String) -> String? {
        guard let range = policyRange(in: page) else { return nil }
        return page[range].replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    private static func policyRange(in page: String) -> Range<String.Index>? {
        guard let start = page.range(of: policyOpening), let end = page[start.upperBound...].firstIndex(of: "\"")
        else { return nil }
        return start.upperBound..<end
    }

    private static func inserting(_ text: String, before marker: String, in page: String) -> String {
        guard let range = page.range(of: marker, options: .backwards) else { return page + text }
        return page.replacingCharacters(in: range.lowerBound..<range.lowerBound, with: text)
    }
}
