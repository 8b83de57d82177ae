import Foundation
import Hummingbird
import Logging
import Tributary
import TributaryLive
import TributaryRendering

/// `tributary serve`: the live digest as a local web app on Hummingbird, with a JSON API
/// and Server-Sent Events. It runs until its task is cancelled (the CLI cancels it on
/// Ctrl-C and SIGTERM), which closes every event stream and cancels requests in flight.
public struct LiveServer: Sendable {
    let hub: DigestHub
    let address: ServeAddress
    let page: LivePage
    let assets: ServeAssets
    let timeouts: ServeTimeouts
    /// The sync APIs' account; nil: their paths answer 404.
    let sync: SyncAccount?
    /// The certificate and key of HTTPS; nil: plain HTTP.
    let tls: ServeTLS?
    /// The time failed sign-ins are counted in.
    let now: @Sendable () -> Date

    /// A server for `live` on `address`, closing connections that outstay `timeouts`;
    /// `token` is the page's secret for POSTs; `sync` turns the sync APIs on, their
    /// failed sign-ins counted in `now`'s time.
    public init(
        live: LivePipeline, address: ServeAddress, timeouts: ServeTimeouts = ServeTimeouts(),
        renderer: HTMLReportRenderer, token: ServeToken = ServeToken(), sync: SyncAccount? = nil,
        tls: ServeTLS? = nil, now: @escaping @Sendable () -> Date = Date.init
    )
        throws
    {
        hub = DigestHub(live: live)
        self.address = address
        self.timeouts = timeouts
        self.sync = sync
        self.tls = tls
        self.now = now
        page = LivePage(renderer: renderer, token: token)
        assets = try ServeAssets()
    }

    /// Serves until cancelled; `onListening` gets the port bound (the one asked for, or a
    /// free one for port 0) once requests can be made.
    public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let bound = LiveValue<Int?>(nil)
        let router = Router(context: ServeRequestContext.self)
        router.add(middleware: PortBoundGuard(address: address, bound: bound, token: page.token))
        router.add(
            middleware: SyncGuard(
                credentials: sync.map(SyncCredentials.init), limiter: FailureLimiter(now: now),
                hasStore: hub.live.memory != nil))
        addRoutes(to: router)
        if let sync {
            MinifluxAPI(hub: hub, account: sync).register(on: router)
            GoogleReaderAPI(hub: hub, credentials: SyncCredentials(sync)).register(on: router)
        }
        let bridge = BridgeFeeds(
            hub: hub,
            access: BridgeAccess(isOpen: address.isLoopback || sync == nil, credentials: sync.map(SyncCredentials.init))
        )
        bridge.register(on: router)
        var logger = Logger(label: "tributary-serve")
        logger.logLevel = .critical  // its only errors are the cancellations of a normal stop
        let app = Application(
            router: router, server: try ServeChannel.builder(timeouts: timeouts, tls: tls),
            configuration: .init(address: .hostname(address.host, port: address.port)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? address.port
                bound.set(port)
                await onListening(port)
                bridge.announce(on: port, host: address.host)
            }, logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await hub.run() }
            group.addTask { try await app.run() }
            _ = try await group.next()
            group.cancelAll()
        }
    }

    private func addRoutes(to router: Router<ServeRequestContext>) {
        let hub = hub
        let page = page
        let assets = assets
        router.get("/") { _, _ in
            let rendered = page.render(hub.latest.value.digest)
            return ServeResponse.body(
                rendered.html, type: "text/html; charset=utf-8", headers: [.contentSecurityPolicy: rendered.policy])
        }
        router.get("/assets/:name") { _, context in assets.response(for: context.parameters.get("name") ?? "") }
        router.get("/healthz") { _, _ in ServeResponse.text("ok\n") }
        router.get("/api/digest") { _, _ in ServeResponse.json(DigestJSON.document(of: hub.latest.value.digest)) }
        router.get("/api/sources") { _, _ in
            let unread = try hub.live.memory?.store.unreadCounts()
            return ServeResponse.json(try DigestJSON.sources(hub.latest.value.sources, unread: unread))
        }
        router.get("/api/events") { _, _ in EventStream.response(hub.events) }
        router.post("/api/refresh") { request, _ in try await ServeActions.refresh(request, hub: hub) }
        router.post("/api/read") { request, _ in try await ServeActions.markRead(request, hub: hub) }
        router.post("/api/star") { request, _ in try await ServeArchive.star(request, hub: hub) }
        router.get("/api/archive") { request, _ in try ServeArchive.read(request, hub: hub) }
    }
}

/// `RequestGuard` once the port is known (it is chosen at bind time for port 0).
struct PortBoundGuard<Context: RequestContext>: RouterMiddleware {
    let address: ServeAddress
    let bound: LiveValue<Int?>
    let token: ServeToken

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let port = bound.value ?? address.port
        let check = RequestGuard<Context>(acceptedHosts: address.acceptedHostHeaders(port: port), token: token)
        return try await check.handle(request, context: context, next: next)
    }
}
