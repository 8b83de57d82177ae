import Foundation

/// A complete response, its body already size-checked and transfer-decoded.
public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header fields with lower-cased names.
    public var headers: [String: String]
    public var body: Data
    /// The request this answers (its URL has no secrets).
    public var request: HTTPRequest
    /// The URL that answered, when redirects led away from the request's.
    public var redirectedTo: URL?
    /// When the response arrived, on the run's clock (`HTTPClient` stamps it): the base of
    /// `Retry-After` seconds and other "wait this long" answers.
    public var receivedAt: Date

    /// Where the response came from, as messages show it: the request's URL, and the
    /// last hop's when redirects led elsewhere.
    public var answeredURL: String {
        guard let redirectedTo else { return request.displayURL }
        return "\(request.displayURL) (redirected to \(Redaction.redact(redirectedTo.absoluteString)))"
    }

    package init(status: Int, headers: [String: String], body: Data, request: HTTPRequest, receivedAt: Date = Date()) {
        self.status = status
        self.headers = Dictionary(
            headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
        self.request = request
        self.receivedAt = receivedAt
    }

    /// A header field by case-insensitive name.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The media type without parameters, lower-cased: `application/json`.
    public var mediaType: String? {
        header("content-type")?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }
}
