import Foundation
import Tributary

extension BlueskySource {
    /// The entry's login; nil when it names neither `identifier` nor `appPassword`.
    /// Throws a configuration error when only one of them is given or when `authServer`
    /// would take the password over plain http to another machine, and a `skipped`
    /// error naming the variable when the password's is unset (not when replaying).
    static func login(_ options: BlueskyOptions, entry: SourceEntry) throws -> BlueskyLogin? {
        let identifier = TextCleanup.trimmed(options.identifier)
        let namesPassword = entry.mentionsSecret("appPassword")
        guard !identifier.isEmpty || namesPassword else { return nil }
        guard !identifier.isEmpty else {
            throw entry.invalid("identifier", "required with \"appPassword\": the account's handle or email")
        }
        guard namesPassword else {
            throw entry.invalid(
                "appPassword", "required with \"identifier\": an app password, e.g. \"${BLUESKY_APP_PASSWORD}\""
            )
        }
        let server = options.authServer
        guard server.scheme?.lowercased() == "https" || isLoopback(server) else {
            throw entry.invalid("authServer", "must be an https URL: the app password is never sent over plain http")
        }
        let hint = "author feeds of public profiles work without login"
        let password = try entry.requiredSecret("appPassword", options.appPassword, hint: hint)
        return BlueskyLogin(identifier: identifier, password: password, server: server)
    }

    /// Whether `url` names this machine (a local PDS, or a test server), where plain http is allowed.
    static func isLoopback(_ url: URL) -> Bool {
        guard url.scheme?.lowercased() == "http", let host = url.host?.lowercased() else { return false }
        return host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}
