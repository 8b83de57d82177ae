import Foundation

/// One validated entry of feeds.json's `sources`, as a source adapter receives it.
///
/// The host has already checked its keys and value types against the source type's
/// `OptionSpec`s and expanded `${VAR}` references, so the accessors only read.
public struct SourceEntry: Sendable {
    /// Where the entry stands in feeds.json, for messages: `sources[2]`.
    public let path: String
    public let id: String
    public let type: String
    /// The options every entry takes (those its type does not redeclare), typed.
    public let common: EntryOptions
    public var title: String? { common.title }
    var isEnabled: Bool { common.enabled }
    /// The entry's `baseURL`, when it set one.
    public var baseURL: URL? { common.baseURL }
    /// The entry's own request deadline, when it set one.
    public var timeout: Duration? { common.timeout }
    /// How many items to keep from this source; nil or 0 keeps all.
    public var limit: Int? { common.limit }
    /// The source-specific options, keyed by name.
    public let options: [String: JSONValue]
    /// Secret options whose `${VAR}` is unset, keyed by option name, valued by variable.
    public let unsetSecrets: [String: String]
    /// Other options whose `${VAR}` is unset, keyed by option name, valued by the
    /// variables: the source is skipped, naming them, and the rest of the run goes on.
    let unsetVariables: [String: String]
    /// When true (replaying recordings), an unset secret does not skip the source.
    let secretsOptional: Bool
    /// The names of `headers` whose values come from `${VAR}`: sent as secrets.
    let secretHeaderNames: Set<String>
    /// The folder of the feeds.json the entry was read from (programs an entry starts run
    /// there); nil for an entry made in code.
    public let folder: URL?

    init(
        path: String, id: String, type: String, common: EntryOptions = EntryOptions(),
        options: [String: JSONValue] = [:], unsetSecrets: [String: String] = [:],
        unsetVariables: [String: String] = [:], secretsOptional: Bool = false, secretHeaderNames: Set<String> = [],
        folder: URL? = nil
    ) {
        self.path = path
        self.id = id
        self.type = type
        self.common = common
        self.options = options
        self.unsetSecrets = unsetSecrets
        self.unsetVariables = unsetVariables
        self.secretsOptional = secretsOptional
        self.secretHeaderNames = secretHeaderNames
        self.folder = folder
    }

    /// A string option as the entry sets it; sources read theirs through their `SourceOptions`.
    public func string(_ key: String) -> String? { options[key]?.stringValue }

    /// The API root: the entry's `baseURL`, or the real service's.
    public func baseURL(default defaultURL: String) -> URL {
        baseURL ?? URL(string: defaultURL)!
    }

    /// A required secret: `value`, the typed option read from option `key`. When it is
    /// nil, throws a `skipped` error naming the variable that is unset (`hint` says what
    /// else the user can do), except when replaying recordings, where the secret is never
    /// sent and a placeholder stands in.
    public func requiredSecret(_ key: String, _ value: Secret?, hint: String? = nil) throws -> Secret {
        if let value { return value }
        if secretsOptional { return Secret("replay") }
        let variable = unsetSecrets[key].map { "set \($0)" } ?? "add \"\(key)\" to the entry"
        let reason = "\(key) is not set; \(variable) to enable this source"
        throw TributaryError(.skipped, hint.map { "\(reason) (\($0))" } ?? reason, source: id)
    }

    /// Whether the entry names the secret at all (set or not).
    public func mentionsSecret(_ key: String) -> Bool {
        options[key] != nil || unsetSecrets[key] != nil
    }

    /// The `skipped` error of an entry one of whose (non-secret) options names an unset
    /// variable; nil when every variable it uses is set.
    var unsetVariableSkip: TributaryError? {
        if let variable = unsetSecrets["password"], common.username != nil, !secretsOptional {
            return TributaryError(
                .skipped, "\(path).password uses \(variable), which is not set; set it to enable this source",
                source: id)
        }
        guard let key = unsetVariables.keys.min(), let variables = unsetVariables[key] else { return nil }
        return TributaryError(
            .skipped, "\(path).\(key) uses \(variables), which is not set; set it to enable this source", source: id)
    }

    /// A configuration error about one of this entry's keys, in the form
    /// `sources[2].tags: <message>`.
    public func invalid(_ key: String, _ message: String) -> TributaryError {
        TributaryError(.invalidConfiguration, "\(path).\(key): \(message)", source: id)
    }
}
