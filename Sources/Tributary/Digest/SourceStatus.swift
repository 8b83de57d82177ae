import Foundation

/// How one source fared in a run, as the digest reports it.
public struct SourceStatus: Sendable, Equatable {
    public enum State: String, Sendable, Codable {
        case pending, ok, failed, skipped
    }

    public var id: String
    public var type: String
    public var title: String?
    public var state: State
    /// Why it failed or was skipped, or notes about an ok fetch ("4,120 results").
    public var message: String?
    public var itemCount: Int
    /// What kind of failure, for failed sources.
    public var errorCode: TributaryError.Code?
    /// Lines for `--verbose` output.
    public var diagnostics: [String]
    /// How long the source took, from its start (past the run's gate) to its final state.
    public var duration: Duration?
    /// The cursor an ok source's last update left, for the state store to keep.
    public var cursor: String?

    public init(
        id: String, type: String, title: String? = nil, state: State, message: String? = nil, itemCount: Int = 0,
        errorCode: TributaryError.Code? = nil, diagnostics: [String] = []
    ) {
        self.id = id
        self.type = type
        self.title = title
        self.state = state
        self.message = message
        self.itemCount = itemCount
        self.errorCode = errorCode
        self.diagnostics = diagnostics
    }
}

/// One source's latest snapshot: its status and its items. The digest reduces these.
public struct SourceState: Sendable {
    public var status: SourceStatus
    public var items: [FeedItem]
    /// False while the source may still send newer snapshots.
    var isFinal: Bool

    public init(status: SourceStatus, items: [FeedItem] = [], isFinal: Bool = true) {
        self.status = status
        self.items = items
        self.isFinal = isFinal
    }
}
