import NIOCore
import NIOHTTP1
import TributaryLive

/// Closes a connection whose client keeps it without making progress: one that has not
/// sent a complete request head within `timeouts.header` (half-open connections sending
/// nothing or half a request line), a request body within `timeouts.body` of its head, or
/// a new request within `timeouts.idle` of the last response. While a response is being
/// written, an event stream's included, nothing is timed. It sits right after the HTTP/1
/// decoder, which passes on `channelReadComplete` for bytes that made no part yet.
final class ConnectionDeadlines: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let timeouts: ServeTimeouts
    private var deadline: Scheduled<Void>?
    /// Request heads and ends read, and responses written in full.
    private var headsRead = 0
    private var endsRead = 0
    private var responsesWritten = 0
    /// Whether the header deadline runs: set once per request, so that a client sending
    /// a byte now and then cannot move it.
    private var isAwaitingHead = true

    init(timeouts: ServeTimeouts) {
        self.timeouts = timeouts
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { schedule(timeouts.header, context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        schedule(timeouts.header, context: context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            headsRead += 1
            isAwaitingHead = false
            schedule(timeouts.body, context: context)
        case .body: break
        case .end:
            endsRead += 1
            settle(context: context)
        }
        context.fireChannelRead(data)
    }

    /// Bytes that made no complete head: the start of a request after an idle spell.
    func channelReadComplete(context: ChannelHandlerContext) {
        if isIdle && !isAwaitingHead {
            isAwaitingHead = true
            schedule(timeouts.header, context: context)
        }
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            responsesWritten += 1
            settle(context: context)
        }
        context.write(data, promise: promise)
    }

    /// Every request read in full and answered.
    private var isIdle: Bool { headsRead == endsRead && responsesWritten >= headsRead }

    /// After a request's end or a response's: the idle deadline once all are answered, none
    /// while a response is being written, the body deadline left running while a body is read.
    private func settle(context: ChannelHandlerContext) {
        if isIdle {
            schedule(timeouts.idle, context: context)
        } else if headsRead == endsRead {
            deadline?.cancel()
            deadline = nil
        }
    }

    private func schedule(_ timeout: Duration, context: ChannelHandlerContext) {
        deadline?.cancel()
        let channel = context.channel
        let nanoseconds = timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000
        deadline = context.eventLoop.scheduleTask(in: .nanoseconds(nanoseconds)) { channel.close(promise: nil) }
    }
}
