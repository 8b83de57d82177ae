import Foundation

/// A request as the local test server received it.
public struct ServedRequest: Sendable {
    public var method: String
    /// The path without the query: `/2.3/questions`.
    public var path: String
    /// Query parameters, percent-decoded; the last one wins for repeated names.
    public var query: [String: String]
    /// The raw request target: `/2.3/questions?site=stackoverflow`.
    public var uri: String
    /// Header fields with lower-cased names.
    public var headers: [String: String]
    /// The request body as received (empty for a GET).
    public var body = Data()
}

/// What the local test server answers, including the ways real servers misbehave.
public struct ServedResponse: Sendable {
    /// How the body goes on the wire.
    public enum Encoding: Sendable {
        case identity
        /// gzip-compressed; `labelled` says whether `Content-Encoding: gzip` is sent.
        case gzip(labelled: Bool)
        /// zlib "deflate"-compressed; `labelled` as for gzip.
        case deflate(labelled: Bool)
    }

    /// How the server ends the exchange.
    public enum Ending: Sendable {
        case complete
        /// Declares the full length but closes after `bytes` of the body.
        case truncated(afterBytes: Int)
        /// Streams chunks of the body for ever (up to a safety bound), without a length.
        case endless
    }

    public var status: Int
    public var headers: [String: String]
    public var body: Data
    public var encoding: Encoding
    public var ending: Ending
    /// Waits this long before sending anything.
    public var delay: Duration?

    public init(
        status: Int = 200, headers: [String: String] = [:], body: Data = Data(), encoding: Encoding = .identity,
        ending: Ending = .complete, delay: Duration? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.encoding = encoding
        self.ending = ending
        self.delay = delay
    }

    /// A body with its content type.
    public static func body(_ data: Data, contentType: String, status: Int = 200, headers: [String: String] = [:])
        -> ServedResponse
    {
        ServedResponse(
            status: status, headers: headers.merging(["Content-Type": contentType]) { current, _ in current },
            body: data)
    }

    /// A text body with its content type.
    public static func text(_ text: String, contentType: String = "text/plain; charset=utf-8", status: Int = 200)
        -> ServedResponse
    {
        body(Data(text.utf8), contentType: contentType, status: status)
    }
}
