import Foundation

/// Reads and validates feeds.json, without touching the network.
///
/// Every problem is collected, not just the first, and each names the entry, the key
/// and the fix: `sources[2].tgas: unknown key; did you mean "tags"?`.
public struct ConfigLoader: Sendable {
    public let registry: SourceRegistry
    let environment: [String: String]
    /// When true (replaying recordings), unset secrets do not skip sources.
    let secretsOptional: Bool

    public init(
        registry: SourceRegistry, environment: [String: String] = ProcessInfo.processInfo.environment,
        secretsOptional: Bool = false
    ) {
        self.registry = registry
        self.environment = environment
        self.secretsOptional = secretsOptional
    }

    /// Loads the file at `url`; relative paths in it are read from the file's folder.
    public func load(contentsOf url: URL) throws -> FeedsConfig {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw TributaryError(
                .invalidConfiguration,
                "cannot read \(url.path): \(error.localizedDescription); pass --config PATH or run `tributary init`")
        }
        return try load(data, name: url.lastPathComponent, folder: url.deletingLastPathComponent())
    }

    /// Loads feeds.json from its bytes; `name` is used in messages, and relative paths in
    /// `url` and `command` options are read from `folder` (by default the working folder).
    public func load(_ data: Data, name: String = "feeds.json", folder: URL? = nil) throws -> FeedsConfig {
        let root: JSONValue
        do {
            root = try JSONReader.parse(data, as: .configuration).0
        } catch {
            throw TributaryError(.invalidConfiguration, ConfigSyntaxError(error, in: data).describe(file: name))
        }
        guard case .object(let object) = root else {
            throw TributaryError(.invalidConfiguration, "\(name) must be a JSON object with a \"sources\" list")
        }
        let folder = folder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        var problems = ConfigProblems()
        let config = readTopLevel(object, paths: ConfigPaths(folder: folder, environment: environment), into: &problems)
        if !problems.messages.isEmpty {
            throw TributaryError(.invalidConfiguration, problems.summary)
        }
        return config
    }

    private func readTopLevel(
        _ object: [String: JSONValue], paths: ConfigPaths, into problems: inout ConfigProblems
    ) -> FeedsConfig {
        problems.rejectUnknownKeys(object, known: FeedsConfig.keys.map(\.name) + ["sources"], prefix: "")
        var config = FeedsConfig()
        let top = TopLevelReader(object: object)
        config.title = top.string("title", &problems) ?? config.title
        if let limit = top.int("limit", &problems) { config.limit = limit == 0 ? nil : limit }
        if let sort = top.choice("sort", DigestSort.self, &problems) { config.sort = sort }
        config.include = top.strings("include", &problems) ?? []
        config.exclude = top.strings("exclude", &problems) ?? []
        if let rules = object["rules"] { config.rules = RuleParser(path: "rules").rules(rules, into: &problems) }
        if let hooks = object["hooks"] {
            config.hooks = HookParser(expansion: EnvironmentExpansion(environment: environment), paths: paths)
                .hooks(hooks, into: &problems)
        }
        if let mail = object["mail"] {
            config.mail = MailParser(expansion: EnvironmentExpansion(environment: environment), paths: paths)
                .settings(mail, into: &problems)
        }
        config.maxConnections = top.int("maxConnections", &problems) ?? config.maxConnections
        config.maxConnectionsPerHost =
            top.int("maxConnectionsPerHost", &problems) ?? config.maxConnectionsPerHost
        config.timeout = top.duration("timeout", &problems) ?? config.timeout
        config.maxResponseSize =
            top.int("maxResponseMB", &problems).map { $0 * 1024 * 1024 } ?? config.maxResponseSize
        config.allowPrivateRedirects = top.bool("allowPrivateRedirects", &problems) ?? false
        config.retention = top.span("retention", &problems) ?? config.retention
        config.retentionUnread = top.span("retentionUnread", &problems) ?? config.retentionUnread
        if let limit = top.int("archiveLimit", &problems) { config.archiveLimit = limit == 0 ? nil : limit }
        guard case .array(let entries)? = object["sources"] else {
            problems.add(
                "sources",
                object["sources"] == nil ? "missing; add a list of source entries" : "expected a list of source entries"
            )
            return config
        }
        let reader = EntryReader(
            registry: registry, expansion: EnvironmentExpansion(environment: environment), paths: paths,
            secretsOptional: secretsOptional)
        config.sources = entries.enumerated().compactMap { index, entry in
            reader.read(entry, path: "sources[\(index)]", into: &problems)
        }
        problems.rejectDuplicateIDs(config.sources)
        return config
    }
}
