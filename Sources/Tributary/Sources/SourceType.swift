import Foundation

/// A source type as the host knows it: a name, a description and a way to build
/// sources. Bundled adapters are turned into one with `SourceType(MySource.self)`.
public struct SourceType: Sendable {
    public let name: String
    public let summary: String
    public let options: [OptionSpec]
    /// When true, an entry may carry keys beyond `options` (an external plugin owns
    /// its options): they are `${VAR}`-expanded and passed on unvalidated, and an unset
    /// variable in one of them is recorded in `SourceEntry.unsetSecrets`.
    let acceptsUndeclaredOptions: Bool
    /// Builds a source from a validated entry, without I/O; throws `skipped` for an entry
    /// that uses an unset `${VAR}` in any option.
    public let make: @Sendable (SourceEntry) throws -> any FeedSource

    public init(
        name: String, summary: String, options: [OptionSpec], acceptsUndeclaredOptions: Bool = false,
        make: @escaping @Sendable (SourceEntry) throws -> any FeedSource
    ) {
        self.name = name
        self.summary = summary
        self.options = options
        self.acceptsUndeclaredOptions = acceptsUndeclaredOptions
        self.make = { entry in
            if let skip = entry.unsetVariableSkip { throw skip }
            return try make(entry)
        }
    }

    public init<Source: FeedSource>(_ source: Source.Type, acceptsUndeclaredOptions: Bool = false) {
        self.init(
            name: Source.type, summary: Source.summary, options: Source.options,
            acceptsUndeclaredOptions: acceptsUndeclaredOptions
        ) {
            try Source(entry: $0)
        }
    }
}

/// The source types a run can use, by name: the ones given, then those `more` finds.
/// `more` (external plugin discovery, which lists folders) runs at most once, and only
/// when a name is not among the given types or every type is asked for: a run whose
/// entries all use bundled types never lists a folder.
public struct SourceRegistry: Sendable {
    private let given: [SourceType]
    private let more: LaterTypes?

    public init(_ types: [SourceType], more: (@Sendable () -> [SourceType])? = nil) {
        given = types
        self.more = more.map(LaterTypes.init)
    }

    /// Every type: the given ones, then those `more` finds.
    public var types: [SourceType] { given + (more?.types ?? []) }

    public subscript(name: String) -> SourceType? {
        given.first { $0.name == name } ?? more?.types.first { $0.name == name }
    }
}

/// Types found on first use, then kept.
private final class LaterTypes: @unchecked Sendable {
    private let lock = NSLock()
    private let find: @Sendable () -> [SourceType]
    private var found: [SourceType]?

    init(_ find: @escaping @Sendable () -> [SourceType]) {
        self.find = find
    }

    var types: [SourceType] {
        lock.withLock {
            if let found { return found }
            found = find()
            return found!
        }
    }
}
