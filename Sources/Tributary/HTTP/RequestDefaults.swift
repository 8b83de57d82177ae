import Foundation

/// What an entry adds to every request its source makes: its `headers`, its `userAgent`
/// and its HTTP Basic credentials. A header the source sets itself wins (a source's own
/// `Authorization` is what its API needs), compared without case as HTTP does.
public struct RequestDefaults: Sendable {
    public var headers: [String: String]
    /// Headers whose values are secrets (from `${VAR}`, or Basic credentials): sent,
    /// never recorded or shown, and dropped on a redirect to another origin.
    public var secretHeaders: [String: Secret]

    public init(headers: [String: String] = [:], secretHeaders: [String: Secret] = [:]) {
        self.headers = headers
        self.secretHeaders = secretHeaders
    }

    /// The defaults an entry's common options call for.
    public init(_ entry: SourceEntry) {
        let options = entry.common
        var headers = options.headers.filter { !entry.secretHeaderNames.contains($0.key) }
        var secrets = options.headers.filter { entry.secretHeaderNames.contains($0.key) }.mapValues(Secret.init)
        if let agent = options.userAgent { headers["User-Agent"] = agent }
        if let user = options.username, let password = options.password {
            let credentials = Data("\(user):\(password.value)".utf8).base64EncodedString()
            secrets["Authorization"] = Secret("Basic \(credentials)")
        }
        self.init(headers: headers, secretHeaders: secrets)
    }

    var isEmpty: Bool { headers.isEmpty && secretHeaders.isEmpty }

    /// Adds the defaults the request does not set itself.
    public func apply(to request: inout HTTPRequest) {
        guard !isEmpty else { return }
        let taken = Set((Array(request.headers.keys) + Array(request.secretHeaders.keys)).map { $0.lowercased() })
        for (name, value) in headers where !taken.contains(name.lowercased()) { request.headers[name] = value }
        for (name, value) in secretHeaders where !taken.contains(name.lowercased()) {
            request.secretHeaders[name] = value
        }
    }
}
