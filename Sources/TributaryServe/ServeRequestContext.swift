import Hummingbird
import NIOCore

/// The request context of `serve`'s routes: Hummingbird's basic one, plus the client's
/// address, which the sync APIs count failed sign-ins by.
struct ServeRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The peer's IP address as text; nil for a connection without one.
    let clientAddress: String?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        clientAddress = source.channel.remoteAddress?.ipAddress
    }
}
