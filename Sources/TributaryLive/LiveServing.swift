/// Serves a live pipeline over HTTP until its task is cancelled: what `tributary serve`
/// runs. The `tributary-serve` program gives it (its binary links the web server,
/// `TributaryServe`); `tributary`'s does not, so that every other command starts without
/// the server's code, and its `serve` runs `tributary-serve`.
public protocol LiveServing: Sendable {
    /// Serves `live` at `address`, closing connections that outstay `timeouts`, with the
    /// sync APIs for `sync` when there is an account, over HTTPS with `tls`; `onListening`
    /// gets the port bound once requests can be made.
    func serve(
        _ live: LivePipeline, at address: ServeAddress, timeouts: ServeTimeouts, sync: SyncAccount?, tls: ServeTLS?,
        onListening: @escaping @Sendable (Int) async -> Void
    ) async throws
}
