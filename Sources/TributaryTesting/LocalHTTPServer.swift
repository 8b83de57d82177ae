import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A real HTTP/1.1 server on 127.0.0.1 and a free port, for tests and benchmarks.
/// Every request goes to `handler`; the server keeps a log of what it received.
public final class LocalHTTPServer: Sendable {
    public typealias Handler = @Sendable (ServedRequest) async -> ServedResponse

    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    private let log: RequestLog
    /// `http://127.0.0.1:<port>` (or the host it was started on)
    public let baseURL: URL

    /// Starts a server answering with `handler`, on `host` (a loopback address: 127.0.0.1
    /// by default; any of 127.0.0.0/8 stands in for a second machine).
    public static func start(host: String = "127.0.0.1", _ handler: @escaping Handler) async throws -> LocalHTTPServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let log = RequestLog()
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.backlog, value: 256)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline().flatMap {
                    channel.pipeline.addHandler(ExchangeHandler(handler: handler, log: log))
                }
            }
            .bind(host: host, port: 0).get()
        return LocalHTTPServer(group: group, channel: channel, log: log, host: host)
    }

    private init(group: MultiThreadedEventLoopGroup, channel: any Channel, log: RequestLog, host: String) {
        self.group = group
        self.channel = channel
        self.log = log
        baseURL = URL(string: "http://\(host):\(channel.localAddress?.port ?? 0)")!
    }

    /// The requests received so far, in order.
    public var requests: [ServedRequest] { log.all }

    /// How many bytes of endless bodies the server has written so far: what a client
    /// read (or what the kernel buffered for it) before it hung up.
    public var endlessBytesWritten: Int { log.streamed }

    /// How many endless bodies the server has stopped writing (the client hung up, or the
    /// bound was reached): once it has, `endlessBytesWritten` no longer grows.
    public var endlessBodiesEnded: Int { log.streamsEnded }

    /// Stops the server and its threads. A response still waiting (a delayed one, or a slow
    /// handler's) is dropped: its connection's event loop is gone.
    public func shutdown() async {
        log.close()
        try? await channel.close()
        try? await group.shutdownGracefully()
    }
}

/// The server's record of received requests.
final class RequestLog: @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [ServedRequest] = []
    private var streamedBytes = 0
    private var endedStreams = 0
    private var isClosed = false

    func append(_ request: ServedRequest) { lock.withLock { requests.append(request) } }
    var all: [ServedRequest] { lock.withLock { requests } }
    func addStreamed(_ count: Int) { lock.withLock { streamedBytes += count } }
    var streamed: Int { lock.withLock { streamedBytes } }
    func endStream() { lock.withLock { endedStreams += 1 } }
    var streamsEnded: Int { lock.withLock { endedStreams } }

    /// Marks the server as shutting down: `whileOpen` runs nothing from now on.
    func close() { lock.withLock { isClosed = true } }

    /// Runs `body` unless the server is shutting down, under the same lock as `close`: a
    /// task handed to an event loop whose group has shut down is refused by SwiftNIO (an
    /// error on standard error today, a crash in a future version).
    func whileOpen(_ body: () -> Void) {
        lock.withLock { if !isClosed { body() } }
    }
}
