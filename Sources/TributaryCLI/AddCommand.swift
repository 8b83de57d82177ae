import ArgumentParser
import Foundation
import Tributary
import TributaryInterchange
import TributaryNetwork

/// `tributary add URL`: subscribes to a feed, or to the feed a site's page announces.
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a `feed` entry for a feed's address, or for the feed a web page links to.",
        discussion: """
            An HTML page's <link rel="alternate"> feeds are tried, then /feed, /rss.xml, /atom.xml, /index.xml and \
            /feed.json. With several feeds found, pass --pick N. Exits 1 when no feed is found, 3 when feeds.json \
            is invalid; nothing is written then.
            """
    )

    @OptionGroup var config: ConfigOption

    @Option(name: .long, help: "The new entry's id (default: from the feed's title).")
    var id: String?

    @Option(name: .long, help: "The new entry's title (default: the feed's own).")
    var title: String?

    @Option(name: .long, help: ArgumentHelp("A tag for the entry's items (repeatable).", valueName: "tag"))
    var tag: [String] = []

    @Option(name: .long, help: ArgumentHelp("Which of several feeds found to add, from 1.", valueName: "n"))
    var pick: Int?

    @Argument(help: ArgumentHelp("A feed's address, or a web page's.", valueName: "url"))
    var url: String

    func validate() throws {
        guard let address = URL(string: url), address.scheme == "http" || address.scheme == "https",
            address.host != nil
        else { throw ValidationError("\(TextCleanup.singleLine(url)) is not an http or https address") }
        if EntryChecks.holdsWrittenPassword(url) {
            throw ValidationError(
                "\(TextCleanup.singleLine(Redaction.redact(url))): the address holds a password, which feeds.json "
                    + "takes only as a variable; add the entry by hand and " + EntryChecks.passwordInAddressAdvice)
        }
        if let pick, pick < 1 { throw ValidationError("--pick counts from 1") }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let registry = BundledSources.registry(environment: environment)
        let target = config.fileOrNew(environment: environment)
        let feeds = try ExitCodes.reportingStateFailures {
            try FeedsFile(url: target, registry: registry, environment: environment)
        }
        if let existing = feeds.entry(reading: url) {
            StandardOutput.write(
                "\(TextCleanup.singleLine(config.config ?? target.path)) already reads \(url), as \(existing); "
                    + "nothing to add\n"
            )
            return
        }
        let found = try await discover(with: AddClient.make(feeds.config ?? FeedsConfig()))
        let feed = try choose(from: found)
        let subscription = Subscription(
            title: title ?? feed.title, feedURL: feed.url.absoluteString,
            siteURL: feed.url.absoluteString == url ? nil : url, folders: tag)
        let change = feeds.change(adding: [subscription], id: id)
        _ = try ExitCodes.reportingStateFailures { try feeds.write(change, environment: environment) }
        FeedsChangeReport(config: config.config ?? target.path, dryRun: false).print(change)
    }

    /// The feeds found at `url`; none is exit 1 with what was tried.
    private func discover(with http: HTTPClient) async throws -> [DiscoveredFeed] {
        do {
            return try await FeedDiscovery(http: http) { StandardError.write("note: " + TextCleanup.singleLine($0)) }
                .discover(
                    URL(string: url)!)
        } catch let error as TributaryError {
            StandardError.write("tributary: " + error.message)
            throw ExitCode(ExitCodes.partialFailure)
        }
    }

    /// The one feed found, or `--pick`'s, or the one chosen at the terminal's prompt;
    /// several without a choice are listed, exit 64.
    private func choose(from found: [DiscoveredFeed]) throws -> DiscoveredFeed {
        if found.count == 1 && pick == nil { return found[0] }
        if let pick, pick <= found.count { return found[pick - 1] }
        let list = found.enumerated().map { index, feed in
            "  "
                + TextCleanup.singleLine(
                    "\(index + 1). \(feed.url.absoluteString)" + (feed.title.map { " (\($0))" } ?? ""))
        }
        if pick == nil && isatty(STDIN_FILENO) != 0 {
            StandardError.write("Several feeds were found:\n" + list.joined(separator: "\n"))
            FileHandle.standardError.write(Data("Which one (1-\(found.count))? ".utf8))
            if let answer = readLine().flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
                (1...found.count).contains(answer)
            {
                return found[answer - 1]
            }
        }
        let problem =
            pick.map {
                "--pick \($0): only \(Plural.count(found.count, "feed")) \(found.count == 1 ? "was" : "were") found"
            } ?? "several feeds were found"
        StandardError.write("tributary: \(problem); add one with --pick N:\n" + list.joined(separator: "\n"))
        throw ExitCode.validationFailure
    }
}

/// The HTTP client `add` fetches with: the network, with the size cap, deadline and
/// redirect rules feeds.json gives a run (the defaults when there is no file yet).
enum AddClient {
    static func make(_ config: FeedsConfig) -> HTTPClient {
        let transport = CurlTransport(
            maxConnections: 4, maxConnectionsPerHost: 2, userAgent: HTTPClient.userAgent,
            allowPrivateRedirects: config.allowPrivateRedirects)
        return HTTPClient(
            transport: transport, limits: TransferLimits(maxBodySize: config.maxResponseSize), timeout: config.timeout)
    }
}
