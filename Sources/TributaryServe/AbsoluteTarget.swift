import NIOCore
import NIOHTTP1

/// Makes an absolute-form request target (`GET http://host:port/path`) judged by its own
/// authority, as RFC 9112 §3.2.2 requires of a server: the first `Host` line is replaced by
/// the target's authority (one is added when there is none) and the target becomes
/// origin-form. Any further `Host` line is kept, so that `RequestGuard` still refuses a
/// request with more than one (§3.2).
final class AbsoluteTarget: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), let target = Self.split(head.uri) else {
            return context.fireChannelRead(data)
        }
        var headers = HTTPHeaders()
        var replaced = false
        for (name, value) in head.headers {
            if name.lowercased() == "host" && !replaced {
                headers.add(name: "Host", value: target.authority)
                replaced = true
            } else {
                headers.add(name: name, value: value)
            }
        }
        if !replaced { headers.add(name: "Host", value: target.authority) }
        head.headers = headers
        head.uri = target.path
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    /// The authority and the origin-form path of an `http://` or `https://` target; nil for
    /// any other form.
    static func split(_ uri: String) -> (authority: String, path: String)? {
        let lowered = uri.lowercased()
        guard let scheme = ["http://", "https://"].first(where: lowered.hasPrefix) else { return nil }
        let rest = uri.dropFirst(scheme.count)
        let end = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
        let path = rest[end...]
        return (String(rest[..<end]), path.hasPrefix("/") ? String(path) : "/" + path)
    }
}
