import Tributary

/// The one account the sync APIs (Miniflux, Google Reader) accept: `serve --sync-user
/// NAME`, with the password from `TRIBUTARY_SYNC_PASSWORD` (never a flag, never in
/// feeds.json, never logged). Without one, the sync paths answer 404.
public struct SyncAccount: Sendable {
    /// The variable the password is read from.
    public static let passwordVariable = "TRIBUTARY_SYNC_PASSWORD"

    public let user: String
    public let password: Secret

    public init(user: String, password: Secret) {
        self.user = user
        self.password = password
    }

    /// The account for `user`, its password from the environment; throws a message naming
    /// the variable when it is unset or empty, or when the name cannot be a user name.
    public static func from(user: String, environment: [String: String]) throws -> SyncAccount {
        guard !user.isEmpty, !user.contains(":"), user.allSatisfy({ !$0.isWhitespace && !$0.isNewline }) else {
            throw TributaryError(
                .invalidConfiguration, "--sync-user: a user name is one word without \":\" or spaces")
        }
        guard let password = environment[passwordVariable], !password.isEmpty else {
            throw TributaryError(
                .invalidConfiguration,
                "--sync-user needs a password: set \(passwordVariable) in the environment (it is never a flag, "
                    + "so that it stays out of shell history and the process list)")
        }
        return SyncAccount(user: user, password: Secret(password))
    }
}
