import ArgumentParser
import Foundation
import Tributary
import TributaryInterchange

/// `tributary export`: feeds.json's `feed` entries as OPML 2.0, for another reader.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every `feed` entry of feeds.json as OPML 2.0 (tags become folders).",
        discussion:
            "Values are written as feeds.json has them: a ${VAR} is never expanded. Exits 3 when feeds.json is invalid."
    )

    @OptionGroup var config: ConfigOption

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp("The OPML file to write (replaced atomically; - for standard output).", valueName: "path"))
    var out: String = "-"

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let registry = BundledSources.registry(environment: environment)
        let feeds = try ExitCodes.reportingStateFailures {
            try FeedsFile(url: try config.file(environment: environment), registry: registry, environment: environment)
        }
        let opml = OPMLWriter(title: feeds.title ?? FeedsConfig.defaultTitle).render(feeds.subscriptions)
        try ReportOutput(path: out).write([Array(opml.utf8)[...]])
    }
}
