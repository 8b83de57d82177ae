import Foundation
import Tributary
import TributaryFeed
import TributaryLive
import TributaryTesting
import TributaryNetwork

/// `tributary-live-bench`: the live pipeline's memory over 1,000 refresh cycles of 50
/// RSS feeds on 127.0.0.1 at `refresh: "1s"`, on a manual clock (each cycle moves it one
/// second; the feeds answer at once). Every cycle each feed's window of 20 items slides
/// by one, so every digest has new items. Prints the resident memory at cycle 10 and at
/// the last cycle, and their growth. Usage: `tributary-live-bench [cycles] [feeds]`.
/// The feeds are served by a second process (this program with `--serve`), so the test
/// server's request log does not count in the memory measured. It tunes the allocator as
/// `watch` and `serve` do (`AllocatorTuning`). `--item-memory` prints what a batch run's
/// items hold instead (`ItemMemoryBench`).
@main
enum LiveBench {
    static func main() async throws {
        // A batch run's allocator, untuned, as `digest` has it.
        if CommandLine.arguments.contains("--item-memory") { return try await ItemMemoryBench.run() }
        // Before any thread has a heap.
        AllocatorTuning.apply(arenas: AllocatorTuning.longRunCap(environment: ProcessInfo.processInfo.environment))
        if CommandLine.arguments.contains("--serve") { return try await BenchFeed.serve() }
        let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
        let cycles = arguments.first ?? 1_000
        let feeds = arguments.dropFirst().first ?? 50
        let clock = ManualClock()
        let (server, baseURL) = try BenchFeed.startServer()
        defer { server.terminate() }
        let live = try pipeline(feeds: feeds, baseURL: baseURL, clock: clock)
        let digests = CycleCounter()
        let subscription = Task { for try await _ in live.digests { digests.increment() } }
        var atTen = 0
        for number in 1...cycles {
            try await runCycle(number, live: live, clock: clock, digests: digests)
            if number == 10 { atTen = ResidentMemory.bytes() }
            if number % 100 == 0 { FileHandle.standardError.write(Data("cycle \(number)\n".utf8)) }
        }
        let atEnd = ResidentMemory.bytes()
        subscription.cancel()
        let growth = Double(atEnd - atTen) / Double(atTen) * 100
        print("cycles: \(cycles), feeds: \(feeds), digests: \(digests.value)")
        print("resident memory at cycle 10: \(atTen / 1024) KiB; at cycle \(cycles): \(atEnd / 1024) KiB")
        print(String(format: "growth: %.1f%%", growth))
    }

    /// One cycle: every source comes due and refreshes, then the settled digest comes out.
    static func runCycle(_ number: Int, live: LivePipeline, clock: ManualClock, digests: CycleCounter) async throws {
        if number > 1 { clock.advance(by: .milliseconds(700)) }  // one second after the last refreshes
        let now = clock.date
        while !live.sourceStates.allSatisfy({ $0.refreshedAt == now && !$0.isRefreshing }) {
            try await Task.sleep(for: .milliseconds(1))
        }
        await clock.whenSleeping(live.sourceStates.count + 1)  // every timer, and the settling wait
        clock.advance(by: .milliseconds(300))
        while digests.value < number { try await Task.sleep(for: .milliseconds(1)) }
    }

    static func pipeline(feeds: Int, baseURL: String, clock: ManualClock) throws -> LivePipeline {
        let registry = SourceRegistry([SourceType(WebFeedSource.self)])
        let sources = (0..<feeds).map {
            #"{"id": "f\#($0)", "type": "feed", "url": "\#(baseURL)/\#($0).xml", "refresh": "1s"}"#
        }
        let json = #"{"limit": 200, "sources": [\#(sources.joined(separator: ","))]}"#
        let config = try ConfigLoader(registry: registry, environment: [:]).load(Data(json.utf8))
        let http = HTTPClient(
            transport: CurlTransport(userAgent: "live-bench"), timeout: config.timeout, clock: clock.runClock)
        return try LivePipeline(
            DigestPipeline(config: config, registry: registry, http: http, reducer: DigestReducer(config: config)))
    }
}

/// How many times each feed has been asked for.
final class AskedCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func next(_ path: String) -> Int {
        lock.withLock {
            counts[path, default: 0] += 1
            return counts[path]!
        }
    }
}

/// A count shared between the digests' task and the bench.
final class CycleCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}

/// The feeds the bench serves: feed `n` asked for the `c`th time has items `c…c+19`.
enum BenchFeed {
    /// Starts this program with `--serve` and reads the address it serves on.
    static func startServer() throws -> (Process, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--serve"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        return (process, String(decoding: line, as: UTF8.self))
    }

    /// Serves the feeds on 127.0.0.1 until killed, after printing the address.
    static func serve() async throws {
        let asked = AskedCounts()
        let server = try await LocalHTTPServer.start { request in
            let rss = rss(path: request.path, cycle: asked.next(request.path))
            return .body(Data(rss.utf8), contentType: "application/rss+xml")
        }
        FileHandle.standardOutput.write(Data((server.baseURL.absoluteString + "\n").utf8))
        while true { try await Task.sleep(for: .seconds(3600)) }
    }

    static func rss(path: String, cycle: Int) -> String {
        let name = path.split(separator: "/").last.map { $0.replacingOccurrences(of: ".xml", with: "") } ?? "0"
        let items = (cycle..<cycle + 20).map { number in
            "<item><title>Feed \(name) post \(number)</title><link>https://example.org/\(name)/\(number)</link>"
                + "<pubDate>\(date(number))</pubDate></item>"
        }
        return #"<rss version="2.0"><channel><title>Feed \#(name)</title>\#(items.joined())</channel></rss>"#
    }

    private static func date(_ number: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: 1_795_000_000 + Double(number) * 60))
    }
}

/// The process's resident memory, from /proc/self/statm.
enum ResidentMemory {
    static func bytes() -> Int {
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? "0 0"
        let pages = Int(statm.split(separator: " ")[1]) ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
