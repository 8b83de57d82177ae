import Foundation
import HTTPTypes
import Hummingbird

/// Google Reader's paths as clients send them, and their sign-in. FreshRSS serves the API
/// under `/api/greader.php`, and clients are given that address or the server's; both are
/// served (the routes are registered twice), and a client given an address ending in `/`
/// sends `//`, which is read as `/`.
enum GoogleReaderPath {
    static let prefix = "/api/greader.php"
    static let clientLogin = "/accounts/ClientLogin"

    /// The path without FreshRSS's prefix and doubled slashes, when it is Google Reader's.
    static func canonical(_ path: String) -> String? {
        var path = path
        while path.contains("//") { path = path.replacingOccurrences(of: "//", with: "/") }
        if path.hasPrefix(prefix + "/") { path.removeFirst(prefix.count) }
        guard path == clientLogin || path.hasPrefix("/reader/api/0/") || path.hasPrefix("/reader/atom/") else {
            return nil
        }
        return path
    }

    /// Whether the request signs in, and the request to pass on (its body read, for
    /// `ClientLogin`): `ClientLogin` with `Email` and `Passwd` in its form or its query,
    /// any other path with `Authorization: GoogleLogin auth=TOKEN`.
    static func signIn(_ request: Request, _ credentials: SyncCredentials) async throws -> (Bool, Request) {
        guard canonical(request.uri.path) == clientLogin else {
            return (auth(request.headers[.authorization]).map(credentials.accepts(googleAuth:)) ?? false, request)
        }
        let buffer = try await request.body.collect(upTo: ServeActions.maxBodySize)
        var passed = request
        passed.body = RequestBody(buffer: buffer)
        let body = buffer.readableBytes > 0 ? String(decoding: buffer.readableBytesView, as: UTF8.self) : nil
        let form = GoogleReaderParameters(query: request.uri.query, body: body)
        // Not trimmed: a password may end in a space.
        let email = form.pairs.first { $0.name == "Email" }?.value
        let password = form.pairs.first { $0.name == "Passwd" }?.value
        guard let email, let password else { return (false, passed) }
        return (credentials.accepts(user: email, password: password), passed)
    }

    /// The token of `GoogleLogin auth=TOKEN` (the scheme's case, spaces and quotes aside).
    static func auth(_ header: String?) -> String? {
        guard let header else { return nil }
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("googlelogin") else { return nil }
        let rest = trimmed.dropFirst("googlelogin".count).trimmingCharacters(in: .whitespaces)
        guard rest.lowercased().hasPrefix("auth=") else { return nil }
        let token = rest.dropFirst(5).prefix { !$0.isWhitespace && $0 != "," }
        return token.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }
}
