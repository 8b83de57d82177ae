import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NIOHTTP1
import TributaryLive

/// Hummingbird's HTTP/1 connection with `serve`'s own handlers inserted where they see
/// the request and response as HTTP/1 parts, right after the request decoder.
struct ServeChannel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let http1: HTTP1Channel
    let timeouts: ServeTimeouts

    /// The server builder for `Application`: over TLS (HummingbirdTLS, swift-nio-ssl) when
    /// `tls` gives a certificate and key; throws a message naming the file that cannot be read.
    static func builder(timeouts: ServeTimeouts, tls: ServeTLS? = nil) throws -> HTTPServerBuilder {
        let plain = HTTPServerBuilder { responder in
            ServeChannel(http1: HTTP1Channel(responder: responder), timeouts: timeouts)
        }
        guard let tls else { return plain }
        return try .tls(plain, tlsConfiguration: try ServeTLSConfiguration.make(tls))
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandlers(
                [ConnectionDeadlines(timeouts: timeouts), AbsoluteTarget(), FramePolicy()], position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}
