import CCurl
import Foundation
import Tributary

/// Drives libcurl's multi interface on one thread of its own: every transfer of a
/// transport shares its connections, and callbacks write straight into each exchange,
/// so the size cap is checked on the bytes as libcurl hands them over (nothing queues
/// between the socket and the check).
///
/// The engine also holds the connection limits: exchanges wait in `HostQueues` and the
/// engine thread starts the next one the moment a transfer ends, with no task switch
/// in between, the way `curl --parallel` does. A request's deadline starts when it
/// starts, not while it waits for a slot.
///
/// The thread runs while there are transfers and stops when there are none; the
/// multi handle, and with it the connection cache, lives as long as the engine.
final class CurlEngine: @unchecked Sendable {
    /// libcurl's one-time set-up, done before the first handle (the SMTP sender's too).
    static let globalInit: Void = { tributary_curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

    private let multi: UnsafeMutableRawPointer
    private let lock = NSLock()
    /// Under `lock`: waiting exchanges and slot counts, whether a cancel arrived, whether the thread runs.
    private var queues: HostQueues
    private var cancelArrived = false
    private var threadRunning = false
    /// Only touched on the engine thread.
    private var active: [UnsafeMutableRawPointer: CurlExchange] = [:]

    init(maxConnections: Int, maxConnectionsPerHost: Int) {
        _ = Self.globalInit
        multi = tributary_curl_multi_init()
        queues = HostQueues(maxTotal: maxConnections, maxPerHost: maxConnectionsPerHost)
        tributary_multi_set_long(multi, CURLMOPT_MAXCONNECTS, maxConnections)
    }

    deinit {
        tributary_curl_multi_cleanup(multi)
    }

    /// Runs the exchange to its end; cancelling the calling task stops it.
    func run(_ exchange: CurlExchange) async throws -> CurlExchange.Response {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                exchange.continuation = continuation
                submit(exchange)
            }
        } onCancel: {
            cancel(exchange)
        }
    }

    private func submit(_ exchange: CurlExchange) {
        let startThread = lock.withLock {
            queues.enqueue(exchange)
            defer { threadRunning = true }
            return !threadRunning
        }
        if startThread {
            let thread = Thread { self.loop() }
            thread.name = "tributary-curl"
            thread.start()
        } else {
            tributary_curl_multi_wakeup(multi)
        }
    }

    private func cancel(_ exchange: CurlExchange) {
        lock.withLock {
            exchange.cancelRequested = true
            cancelArrived = true
        }
        tributary_curl_multi_wakeup(multi)
    }

    private func loop() {
        while takeWork() {
            var running: Int32 = 0
            tributary_curl_multi_perform(multi, &running)
            // A transfer that ended freed a slot: start the next at once rather than
            // wait in `poll` for the others, which may take a whole response's latency.
            if collectFinished() { continue }
            if !active.isEmpty { tributary_curl_multi_poll(multi, nil, 0, 1000, nil) }
        }
    }

    /// Drops cancelled exchanges and starts those a slot is free for; false when there
    /// is nothing left to do, which ends the thread (under the lock, so a submit starts a new one).
    private func takeWork() -> Bool {
        lock.withLock {
            if cancelArrived {
                cancelArrived = false
                for exchange in queues.removeCancelled() {
                    exchange.resume(with: .failure(CurlErrors.cancelled(exchange)))
                }
                for exchange in active.values where exchange.cancelRequested {
                    finish(exchange, with: .failure(CurlErrors.cancelled(exchange)))
                }
            }
            for exchange in queues.startable() {
                active[exchange.easy] = exchange
                tributary_curl_multi_add_handle(multi, exchange.easy)
            }
            threadRunning = !active.isEmpty || queues.waitingCount > 0
            return threadRunning
        }
    }

    /// Ends the transfers libcurl reports done; whether there were any.
    private func collectFinished() -> Bool {
        var remaining: Int32 = 0
        var any = false
        while let message = tributary_curl_multi_info_read(multi, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                let exchange = active[easy]
            else { continue }
            let code = message.pointee.data.result
            lock.withLock { finish(exchange, with: exchange.outcome(code).mapError { $0 }) }
            any = true
        }
        return any
    }

    /// Ends an active exchange and frees its slot; called under the lock.
    private func finish(_ exchange: CurlExchange, with result: Result<CurlExchange.Response, any Error>) {
        tributary_curl_multi_remove_handle(multi, exchange.easy)
        active[exchange.easy] = nil
        queues.finished(exchange)
        exchange.resume(with: result)
    }
}
