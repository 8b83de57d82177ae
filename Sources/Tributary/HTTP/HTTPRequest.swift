import Foundation

/// A GET (or a POST with a body) as a source describes it. Secrets travel beside the
/// URL, not in it, so the URL can be logged, recorded and shown as it is.
public struct HTTPRequest: Sendable {
    /// The URL without secrets.
    public var url: URL
    /// `GET`, or `POST` (which sends `body`, or an empty body without one).
    package var method: String
    public var headers: [String: String]
    /// Headers holding secrets, e.g. `Authorization`; sent, never recorded or shown.
    public var secretHeaders: [String: Secret]
    /// Query parameters holding secrets, e.g. `api_key`; sent, never recorded or shown.
    public var secretQuery: [String: Secret]
    /// Requests sharing a key share upstream's "wait before asking again" signals
    /// (Stack Exchange `backoff`, per method). Nil: the host name.
    public var rateLimitKey: String?
    /// The body of a POST; a secret one is never recorded or shown.
    public var body: HTTPBody?
    /// Names of JSON fields of the response whose values are secrets (a login's tokens):
    /// recordings store them as `"***"`, and the cache does not keep such a response.
    public var secretResponseFields: Set<String> = []
    /// Secrets the run's earlier requests carried, which upstream may quote back in this
    /// response: set by `HTTPClient`, redacted from what is recorded or cached.
    var echoedSecrets: [Secret] = []

    public init(
        url: URL, method: String = "GET", headers: [String: String] = [:], secretHeaders: [String: Secret] = [:],
        secretQuery: [String: Secret] = [:], rateLimitKey: String? = nil
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.secretHeaders = secretHeaders
        self.secretQuery = secretQuery
        self.rateLimitKey = rateLimitKey
    }

    /// A POST of `body` to `url`.
    public init(
        post url: URL, body: HTTPBody, headers: [String: String] = [:], secretResponseFields: Set<String> = []
    ) {
        self.init(url: url, method: "POST", headers: headers)
        self.body = body
        self.secretResponseFields = secretResponseFields
    }

    /// Builds `base` + `path` with the query items in the order given.
    public init(base: URL, path: String, query: [(String, String)], headers: [String: String] = [:]) {
        var components = URLComponents(url: base.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        components.queryItems = query.isEmpty ? nil : query.map { URLQueryItem(name: $0.0, value: $0.1) }
        self.init(url: components.url!, headers: headers)
    }

    /// The URL as sent on the wire, secrets included. Never log it.
    public var wireURL: URL {
        guard !secretQuery.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return url
        }
        let secrets = secretQuery.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value.value) }
        components.queryItems = (components.queryItems ?? []) + secrets
        return components.url ?? url
    }

    /// The URL as it may be shown: secret query parameters as `name=***`.
    public var displayURL: String {
        let shown = Redaction.redact(url.absoluteString)
        guard !secretQuery.isEmpty else { return shown }
        let secrets = secretQuery.keys.sorted().map { "\($0)=***" }.joined(separator: "&")
        return shown + (shown.contains("?") ? "&" : "?") + secrets
    }

    /// Every secret the request carries: secret headers, secret query values, the
    /// secrets of its body and the password (or lone user name) of credentials in its URL;
    /// and those of the run's earlier requests (`echoedSecrets`).
    package var secrets: [Secret] {
        let credentials = [url.password(percentEncoded: false) ?? url.user(percentEncoded: false)].compactMap { $0 }
        let fromBody = body?.secrets ?? []
        return Array(secretHeaders.values) + Array(secretQuery.values) + fromBody + credentials.map(Secret.init)
            + echoedSecrets
    }

    /// Whether anything secret travels with the request; such a request never follows a
    /// redirect from https to plain http.
    package var carriesSecrets: Bool {
        !secretHeaders.isEmpty || !secretQuery.isEmpty || body?.isSecret == true || url.user != nil
    }

    /// Whether the request sends a body (or an empty one): any method but GET and HEAD,
    /// or a request with a body; such a request never follows a redirect.
    package var sendsBody: Bool {
        (method != "GET" && method != "HEAD") || body != nil
    }

    /// The key of this request in recordings and the cache: method and URL, never
    /// secrets; with a hash of the body when the body holds none.
    public var recordingKey: String {
        Self.recordingKey(method: method, url: Redaction.redact(url.absoluteString), bodyHash: body?.recordedHash)
    }

    /// `GET <url>`, or `POST <url> body:<hash>` for a body without secrets.
    package static func recordingKey(method: String, url: String, bodyHash: String?) -> String {
        "\(method) \(url)" + (bodyHash.map { " body:\($0)" } ?? "")
    }

    /// The host this request counts against in connection limits.
    public var hostKey: String {
        Self.hostKey(for: url)
    }

    /// The host and port of `url`, as connection limits count them.
    package static func hostKey(for url: URL) -> String {
        "\(url.host ?? "local"):\(url.port ?? -1)"
    }
}
