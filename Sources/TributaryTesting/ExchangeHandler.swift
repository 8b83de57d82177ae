import Foundation
import NIOCore
import NIOHTTP1

/// Reads one request at a time from a connection and writes the handler's response,
/// misbehaving (delays, truncation, endless bodies) when the response says so.
final class ExchangeHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// An endless body stops after this much, so a broken client cannot fill the disk or hang a test.
    static let endlessBound = 256 * 1024 * 1024

    private let handler: LocalHTTPServer.Handler
    private let log: RequestLog
    private var head: HTTPRequestHead?
    private var body = Data()

    init(handler: @escaping LocalHTTPServer.Handler, log: RequestLog) {
        self.handler = handler
        self.log = log
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body = Data()
        case .body(let part): body.append(contentsOf: part.readableBytesView)
        case .end:
            guard let head else { return }
            var request = Self.served(head)
            request.body = body
            log.append(request)
            let handler = handler
            let channel = context.channel
            let keepAlive = head.isKeepAlive
            Task {
                let response = await handler(request)
                if let delay = response.delay { try? await Task.sleep(for: delay) }
                ResponseWriter(channel: channel, keepAlive: keepAlive, log: self.log).write(response)
            }
        }
    }

    static func served(_ head: HTTPRequestHead) -> ServedRequest {
        let components = URLComponents(string: head.uri)
        let query = (components?.queryItems ?? []).reduce(into: [String: String]()) { $0[$1.name] = $1.value ?? "" }
        let headers = head.headers.reduce(into: [String: String]()) { $0[$1.name.lowercased()] = $1.value }
        return ServedRequest(
            method: head.method.rawValue, path: components?.path ?? head.uri, query: query, uri: head.uri,
            headers: headers)
    }
}

/// Writes a `ServedResponse` to a channel from any thread, unless the server is shutting down.
struct ResponseWriter: Sendable {
    let channel: any Channel
    let keepAlive: Bool
    let log: RequestLog

    func write(_ response: ServedResponse) {
        let (body, encodingHeader) = encode(response)
        var headers = HTTPHeaders(response.headers.map { ($0.key, $0.value) })
        if let encodingHeader { headers.replaceOrAdd(name: "Content-Encoding", value: encodingHeader) }
        switch response.ending {
        case .endless:
            headers.replaceOrAdd(name: "Transfer-Encoding", value: "chunked")
        default:
            headers.replaceOrAdd(name: "Content-Length", value: String(body.count))
        }
        headers.replaceOrAdd(name: "Connection", value: keepAlive && isComplete(response) ? "keep-alive" : "close")
        let head = HTTPResponseHead(
            version: .http1_1, status: HTTPResponseStatus(statusCode: response.status), headers: headers)
        log.whileOpen {
            channel.eventLoop.execute {
                channel.write(HTTPServerResponsePart.head(head), promise: nil)
                switch response.ending {
                case .complete: finish(body)
                case .truncated(let bytes): cut(body.prefix(bytes))
                case .endless: stream(body.isEmpty ? Data(repeating: 0x61, count: 64 * 1024) : body, sent: 0)
                }
            }
        }
    }

    private func isComplete(_ response: ServedResponse) -> Bool {
        if case .complete = response.ending { true } else { false }
    }

    private func encode(_ response: ServedResponse) -> (Data, String?) {
        switch response.encoding {
        case .identity: (response.body, nil)
        case .gzip(let labelled): (TestCompression.gzip(response.body), labelled ? "gzip" : nil)
        case .deflate(let labelled): (TestCompression.deflate(response.body), labelled ? "deflate" : nil)
        }
    }

    private func finish(_ body: Data) {
        channel.write(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: body))), promise: nil)
        let done = channel.writeAndFlush(HTTPServerResponsePart.end(nil))
        if !keepAlive { done.whenComplete { _ in channel.close(promise: nil) } }
    }

    private func cut(_ body: Data) {
        channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: body)))).whenComplete { _ in
            channel.close(promise: nil)
        }
    }

    private func stream(_ chunk: Data, sent: Int) {
        guard channel.isActive, sent < ExchangeHandler.endlessBound else {
            log.endStream()
            channel.close(promise: nil)
            return
        }
        channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: chunk)))).whenComplete {
            result in
            guard case .success = result else {
                log.endStream()
                return channel.close(promise: nil)
            }
            log.addStreamed(chunk.count)
            stream(chunk, sent: sent + chunk.count)
        }
    }
}
