import ArgumentParser
import Foundation
import Tributary
import TributaryLive

/// `tributary serve`: the live digest in the browser, with a JSON API.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the live digest as a local web page with a JSON API (Ctrl-C stops it).",
        discussion: """
            Listens on 127.0.0.1:8080 unless --host or --port say otherwise. Pages and API: /, /api/digest, \
            /api/sources, /api/events (Server-Sent Events), POST /api/refresh, POST /api/read, /healthz.
            """
    )

    @OptionGroup var run: RunOptions
    @OptionGroup var state: StateOptions

    @Option(name: .long, help: "The address to listen on; anything but a loopback address exposes the digest.")
    var host = "127.0.0.1"

    @Option(name: .long, help: "The port to listen on (0: any free port, printed at start).")
    var port = 8080

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Turn on the Miniflux and Google Reader sync APIs for this user; the password comes from "
                + "\(SyncAccount.passwordVariable).", valueName: "name"))
    var syncUser: String?

    @Flag(name: .long, help: "Allow a non-loopback --host without --sync-user: anyone who reaches it reads the digest.")
    var noAuth = false

    @Option(
        name: .long,
        help: ArgumentHelp("Serve HTTPS with this PEM certificate chain (with --tls-key).", valueName: "file"))
    var tlsCert: String?

    @Option(name: .long, help: ArgumentHelp("The PEM private key of --tls-cert.", valueName: "file"))
    var tlsKey: String?

    /// The certificate and key, when both are given.
    var tls: ServeTLS? {
        guard let tlsCert, let tlsKey else { return nil }
        return ServeTLS(certificateFile: tlsCert, keyFile: tlsKey)
    }

    @Option(
        name: .long, help: ArgumentHelp("How long a client may take to send a request's head.", valueName: "duration"))
    var headerTimeout = "10s"

    @Option(
        name: .long, help: ArgumentHelp("How long a client may take to send a request's body.", valueName: "duration"))
    var bodyTimeout = "30s"

    @Option(
        name: .long,
        help: ArgumentHelp("How long a kept-alive connection may wait for its next request.", valueName: "duration"))
    var idleTimeout = "60s"

    /// The three timeouts, parsed; `validate()` has refused any that does not parse.
    var timeouts: ServeTimeouts {
        let defaults = ServeTimeouts()
        return ServeTimeouts(
            header: Duration.parse(headerTimeout) ?? defaults.header,
            body: Duration.parse(bodyTimeout) ?? defaults.body,
            idle: Duration.parse(idleTimeout) ?? defaults.idle)
    }

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
        for (option, value) in [
            ("--header-timeout", headerTimeout), ("--body-timeout", bodyTimeout),
            ("--idle-timeout", idleTimeout),
        ] where Duration.parse(value) == nil {
            throw ValidationError("\(option) \(TextCleanup.singleLine(value)): expected \(Duration.acceptedForms)")
        }
        if (tlsCert == nil) != (tlsKey == nil) {
            throw ValidationError("--tls-cert and --tls-key go together: give both PEM files, or neither for HTTP")
        }
        for (option, file) in [("--tls-cert", tlsCert), ("--tls-key", tlsKey)] {
            if let file, !FileManager.default.isReadableFile(atPath: file) {
                throw ValidationError("\(option) \(TextCleanup.singleLine(file)): no readable file there")
            }
        }
        if !ServeAddress(host: host, port: port).isLoopback && syncUser == nil && !noAuth {
            throw ValidationError(
                "--host \(TextCleanup.singleLine(host)) is not a loopback address: add --sync-user NAME (with "
                    + "\(SyncAccount.passwordVariable) set) so that readers must sign in, or --no-auth to serve "
                    + "it to anyone who can reach it")
        }
        if state.new || state.since != nil || state.unread {
            throw ValidationError(
                "serve offers New only and Unread only on the page; --new, --since and --unread are for digest")
        }
    }

    /// The web server `serve` runs: `tributary-serve` sets it; in `tributary` it is nil,
    /// and `serve` runs `tributary-serve` with the same arguments.
    @TaskLocal static var server: (any LiveServing)?

    func run() async throws {
        guard let server = Self.server else { try ServeProgram.replaceThisProcess() }
        let sync = try await ExitCodes.reportingFailures {
            try syncUser.map { try SyncAccount.from(user: $0, environment: ProcessInfo.processInfo.environment) }
        }
        let setup = LiveRun(options: run, state: state)
        let live = try await ExitCodes.reportingFailures { try setup.pipeline() }
        defer { live.finishQueuedWrites() }
        let address = ServeAddress(host: host, port: port)
        if !address.isLoopback && sync == nil {
            StandardError.write(
                "tributary: warning: listening on \(host), not a loopback address: anyone who can reach it can read "
                    + "the digest (each POST still needs the page's token)")
        } else if !address.isLoopback && tls == nil {
            StandardError.write(
                "tributary: warning: listening on \(host) over plain HTTP: the sync password travels readable to "
                    + "anyone on the way; give --tls-cert and --tls-key, or put a TLS reverse proxy in front (see docs/sync.md)"
            )
        }
        do {
            try await Interruption.cancellingOnSignals {
                try await server.serve(live, at: address, timeouts: timeouts, sync: sync, tls: tls) { port in
                    StandardError.write(
                        "tributary: serving \(tls == nil ? "http" : "https")://\(Self.hostInURL(address.host)):\(port)/"
                    )
                }
            }
        } catch let interrupted as Interruption.Interrupted {
            StandardError.write("tributary: \(interrupted.name); stopped serving")
            throw ExitCode(interrupted.exitCode)
        }
    }

    private static func hostInURL(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }
}
