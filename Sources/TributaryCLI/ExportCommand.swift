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
            its absolute file:// address. Exits 3 when feeds.json is invalid.
            """
    )

    @OptionGroup var config: ConfigOption

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp("The OPML file to write (replaced atomically; - for standard output).", valueName: "path"))
    var out: String = "-"

    @Flag(name: .long, help: "Write disabled entries too.")
    var all = false

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let registry = BundledSources.registry(environment: environment)
        let feeds = try ExitCodes.reportingStateFailures {
            try FeedsFile(url: try config.file(environment: environment), registry: registry, environment: environment)
        }
        let opml = OPMLWriter(title: feeds.title ?? FeedsConfig.defaultTitle).render(
            feeds.subscriptions(includingDisabled: all))
        try ReportOutput(path: out).write([Array(opml.utf8)[...]])
    }
}
