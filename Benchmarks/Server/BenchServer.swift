import ArgumentParser
import Foundation
import TributaryTesting

/// `tributary-bench`: the benchmarks' helper: serves fixtures on 127.0.0.1 and
/// writes synthetic feeds to files.
@main
struct BenchTool: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tributary-bench", abstract: "Benchmark helper: a local fixture server and a feed generator.",
        subcommands: [BenchServer.self, GenerateFeed.self]
    )
}

/// `tributary-bench serve`: healthy Stack Exchange-style JSON, synthetic RSS and Atom
/// feeds, and one path per fault a hostile server can commit. Prints its base URL,
/// then serves until killed or its lifetime ends.
struct BenchServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve benchmark fixtures on 127.0.0.1.")

    @Option(help: "Latency added to every response, in milliseconds.")
    var latency: Int = 0

    @Option(help: "Items per synthetic feed.")
    var items: Int = 50

    @Option(help: "Write the base URL to this file once listening.")
    var urlFile: String?

    @Option(help: "Stop by itself after this many seconds (a benchmark must never leave a server behind).")
    var lifetime: Int = 600

    func run() async throws {
        let routes = BenchRoutes(itemsPerFeed: items)
        _ = FaultRoutes.bomb
        let latency = latency
        let server = try await LocalHTTPServer.start { request in
            var response = routes.respond(to: request)
            if latency > 0 { response.delay = (response.delay ?? .zero) + .milliseconds(latency) }
            return response
        }
        let url = server.baseURL.absoluteString
        if let urlFile { try Data(url.utf8).write(to: URL(fileURLWithPath: urlFile)) }
        print(url)
        try await Task.sleep(for: .seconds(lifetime))
        await server.shutdown()
    }
}
