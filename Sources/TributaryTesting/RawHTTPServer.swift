import Foundation
import NIOCore
import NIOPosix

/// A server on 127.0.0.1 that answers every request with bytes of the test's choosing,
/// written as they are: for responses no well-behaved HTTP library would send, such as
/// header values holding escape sequences. It closes each connection after answering.
public final class RawHTTPServer: Sendable {
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    /// `http://127.0.0.1:<port>`
    public let baseURL: URL

    /// Starts a server answering each request with `answer(requestHead)`, the request's
    /// text up to its blank line.
    public static func start(_ answer: @escaping @Sendable (String) -> Data) async throws -> RawHTTPServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { $0.pipeline.addHandler(RawAnswerHandler(answer: answer)) }
            .bind(host: "127.0.0.1", port: 0).get()
        return RawHTTPServer(group: group, channel: channel)
    }

    private init(group: MultiThreadedEventLoopGroup, channel: any Channel) {
        self.group = group
        self.channel = channel
        baseURL = URL(string: "http://127.0.0.1:\(channel.localAddress?.port ?? 0)")!
    }

    /// Stops the server and its thread.
    public func shutdown() async {
        try? await channel.close()
        try? await group.shutdownGracefully()
    }
}

/// Collects a request's head, then writes the answer and closes.
private final class RawAnswerHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let answer: @Sendable (String) -> Data
    private var received = ""

    init(answer: @escaping @Sendable (String) -> Data) {
        self.answer = answer
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        received += buffer.readString(length: buffer.readableBytes) ?? ""
        guard let end = received.range(of: "\r\n\r\n") else { return }
        let reply = answer(String(received[..<end.lowerBound]))
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: reply))).whenComplete { _ in channel.close(promise: nil)
        }
    }
}
