import Foundation

/// How long `serve` waits on a client before it closes the connection: for a complete
/// request head (from the connection's start, or from the first byte of a later request),
/// for the rest of a request's body once its head is in, and between requests on a
/// kept-alive connection. A response being written (an event stream's, for as long as it
/// lasts) is never timed.
public struct ServeTimeouts: Sendable, Equatable {
    public var header: Duration
    public var body: Duration
    public var idle: Duration

    public init(header: Duration = .seconds(10), body: Duration = .seconds(30), idle: Duration = .seconds(60)) {
        self.header = header
        self.body = body
        self.idle = idle
    }
}
