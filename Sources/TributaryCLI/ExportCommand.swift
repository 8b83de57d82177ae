import ArgumentParser
import Foundation
import Tributary
import TributaryInterchange

/// `tributary export`: feeds.json's `feed` entries as OPML 2.0, for another reader.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every enabled `feed` entry of feeds.json as OPML 2.0 (tags become folders).",
        discussion: """
            Values are written as feeds.json has them: a ${VAR} is never expanded; a local file is written as \
            its absolute file:// address. With --serve, every entry of any type is written as the feed \
            `tributary serve` makes of it. Exits 3 when feeds.json is invalid.
            """
    )

    @OptionGroup var config: ConfigOption

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp("The OPML file to write (replaced atomically; - for standard output).", valueName: "path"))
    var out: String = "-"

    @Flag(name: .long, help: "Write disabled entries too.")
    var all = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write every entry, of any type, as the feed `tributary serve` at this address makes of it "
                + "(URL/feeds/ID.atom), for a reader to subscribe to.", valueName: "URL"))
    var serve: String?

    func validate() throws {
        if let serve, Self.serverAddress(serve) == nil {
            throw ValidationError(
                "--serve \(TextCleanup.singleLine(serve)): expected serve's address, like http://127.0.0.1:8080")
        }
    }

    /// An http(s) address with a host.
    static func serverAddress(_ text: String) -> URL? {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
        else { return nil }
        return url
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let registry = BundledSources.registry(environment: environment)
        let feeds = try ExitCodes.reportingStateFailures {
            try FeedsFile(url: try config.file(environment: environment), registry: registry, environment: environment)
        }
        let subscriptions =
            serve.flatMap(Self.serverAddress).map { feeds.servedSubscriptions(at: $0, includingDisabled: all) }
            ?? feeds.subscriptions(includingDisabled: all)
        let opml = OPMLWriter(title: feeds.title ?? FeedsConfig.defaultTitle).render(subscriptions)
        try ReportOutput(path: out).write([Array(opml.utf8)[...]])
    }
}
