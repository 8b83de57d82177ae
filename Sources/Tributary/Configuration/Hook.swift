import Foundation

/// One entry of feeds.json's `hooks` list: a command or a URL told of each run's new
/// items (see docs/hooks.md). Validated when the config is read; `${VAR}`s are expanded.
public struct Hook: Sendable {
    /// Where the items go.
    public enum Target: Sendable {
        /// A program and its arguments (no shell); it reads the items as JSON lines.
        case exec([String])
        /// A URL the items are POSTed to as one JSON object (or the `template`'s body).
        case webhook(URL)
    }

    /// The hook's `name`, else where it is (`hooks[1]`): what messages show.
    public let name: String
    /// What the state store files this hook's deliveries under: its `name`, else a hash of
    /// its target as written (before `${VAR}` expansion), so reordering hooks keeps their
    /// records and no secret reaches the store.
    public let key: String
    public let target: Target
    /// How long one delivery may take: the program's run, or one request.
    public let timeout: Duration
    /// How many later runs offer items again after a run failed to deliver them.
    public let retries: Int
    /// The key the webhook's body is signed with (`X-Tributary-Signature`); nil: unsigned.
    public let secret: Secret?
    /// A Mustache template of the webhook's body; nil sends `{"items": […], "run": …}`.
    public let template: String?
    /// Where the hook is in feeds.json (`hooks[1]`), for messages about it.
    public let path: String
    /// The folder an `exec` hook runs in: feeds.json's, as exec plugins; nil keeps ours.
    public let folder: URL?

    public static let defaultTimeout = Duration.seconds(30)
    public static let defaultRetries = 3

    public init(
        name: String, key: String, target: Target, timeout: Duration = Hook.defaultTimeout,
        retries: Int = Hook.defaultRetries, secret: Secret? = nil, template: String? = nil, path: String,
        folder: URL? = nil
    ) {
        self.name = name
        self.key = key
        self.target = target
        self.timeout = timeout
        self.retries = retries
        self.secret = secret
        self.template = template
        self.path = path
        self.folder = folder
    }
}
