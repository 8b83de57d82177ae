import NIOCore
import NIOHTTP1

/// Keeps every response out of other sites' frames, so no page can overlay or restyle
/// `serve`'s buttons (clickjacking): each response head gets `X-Frame-Options: DENY` and,
/// unless it carries a policy of its own (the page's, which includes the directive), a
/// `Content-Security-Policy` of `frame-ancestors 'none'`. Written at the HTTP/1 level, so
/// the server's own answers (a malformed request's 400) carry them too.
final class FramePolicy: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// The policy directive that forbids framing by any page, this server's included.
    static let directive = "frame-ancestors 'none'"

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .head(var head) = unwrapOutboundIn(data) else { return context.write(data, promise: promise) }
        head.headers.replaceOrAdd(name: "X-Frame-Options", value: "DENY")
        if !head.headers.contains(name: "Content-Security-Policy") {
            head.headers.add(name: "Content-Security-Policy", value: Self.directive)
        }
        context.write(wrapOutboundOut(.head(head)), promise: promise)
    }
}
