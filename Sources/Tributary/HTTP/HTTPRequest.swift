import Foundation

/// A GET request as a source describes it. Secrets travel beside the URL, not in it,
/// so the URL can be logged, recorded and shown as it is.
public struct HTTPRequest: Sendable {
    /// The URL without secrets.
    public var url: URL
    public var method: String
    public var headers: [String: String]
    /// Headers holding secrets, e.g. `Authorization`; sent, never recorded or shown.
    public var secretHeaders: [String: Secret]
    /// Query parameters holding secrets, e.g. `api_key`; sent, never recorded or shown.
    public var secretQuery: [String: Secret]
    /// Requests sharing a key share upstream's "wait before asking again" signals
    /// (Stack Exchange `backoff`, per method). Nil: the host name.
    public var rateLimitKey: String?

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

    /// Builds `base` + `path` with the query items in the order given.
    public init(base: URL, path: String, query: [(String, String)], headers: [String: String] = [:]) {
        var components = URLComponents(url: base.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        components.queryItems = query.isEmpty ? nil : query.map { URLQueryItem(name: $0.0, value: $0.1) }
        self.init(url: components.url!, headers: headers)
    }

    /// The URL as sent on the wire, secrets included. Never log it.
    public var wireURL: URL {
        guard !secretQuery.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
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

    /// Every secret the request carries: secret headers, secret query values and the
    /// password (or lone user name) of credentials in its URL.
    public var secrets: [Secret] {
        let credentials = [url.password(percentEncoded: false) ?? url.user(percentEncoded: false)].compactMap { $0 }
        return Array(secretHeaders.values) + Array(secretQuery.values) + credentials.map(Secret.init)
    }

    /// Whether anything secret travels with the request; such a request never follows a
    /// redirect from https to plain http.
    public var carriesSecrets: Bool {
        !secretHeaders.isEmpty || !secretQuery.isEmpty || url.user != nil
    }

    /// The key of this request in recordings: method and URL, never secrets.
    public var recordingKey: String {
        "\(method) \(Redaction.redact(url.absoluteString))"
    }

    /// The host this request counts against in connection limits.
    public var hostKey: String {
        Self.hostKey(for: url)
    }

    /// The host and port of `url`, as connection limits count them.
    static func hostKey(for url: URL) -> String {
        "\(url.host ?? "local"):\(url.port ?? -1)"
    }
}
