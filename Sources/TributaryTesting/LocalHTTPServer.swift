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

    /// Stops the server and its threads.
    public func shutdown() async {
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

    func append(_ request: ServedRequest) { lock.withLock { requests.append(request) } }
    var all: [ServedRequest] { lock.withLock { requests } }
    func addStreamed(_ count: Int) { lock.withLock { streamedBytes += count } }
    var streamed: Int { lock.withLock { streamedBytes } }
    func endStream() { lock.withLock { endedStreams += 1 } }
    var streamsEnded: Int { lock.withLock { endedStreams } }
}
