import ArgumentParser
import Foundation
import Tributary
import TributaryInterchange

/// `tributary import FILE.opml`: one `feed` entry per OPML outline with an http(s) `xmlUrl`.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add a `feed` entry to feeds.json for every feed of an OPML file (folders become tags).",
        discussion: """
            Feeds whose URL feeds.json already reads are skipped, so importing again is safe; so are feeds whose \
            URL holds a password (feeds.json takes one only as ${VAR}), outlines with no xmlUrl and nothing inside \
            (empty folders, settings), and outlines whose xmlUrl is not an http(s) address, each named by line. Titles and addresses are written \
            literally, a ${ in them as $${, so the file can never name a variable. Entries are added at the end of "sources", comments and all kept; the old file is kept as feeds.json.bak. \
            Exits 3, writing nothing, when the OPML or feeds.json is not usable.
            """
    )

    @OptionGroup var config: ConfigOption

    @Flag(name: .long, help: "Print what would change, and change nothing.")
    var dryRun = false

    @Argument(help: ArgumentHelp("The OPML file a feed reader exported.", valueName: "file.opml"))
    var file: String

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let registry = BundledSources.registry(environment: environment)
        try ExitCodes.reportingStateFailures {
            let list = try OPMLReader.read(try readOPML(), name: file)
            let target = config.fileOrNew(environment: environment)
            let feeds = try FeedsFile(url: target, registry: registry, environment: environment)
            let change = feeds.change(adding: list.subscriptions)
            if !change.added.isEmpty { _ = try feeds.checkedText(change, environment: environment) }
            FeedsChangeReport(config: config.config ?? target.path, dryRun: dryRun).print(change, leftOut: list)
            if !dryRun, let backup = try feeds.write(change, environment: environment) {
                StandardOutput.write("the previous \(config.config ?? target.path) is kept as \(backup.path)\n")
            }
        }
    }

    private func readOPML() throws -> Data {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw TributaryError(.invalidConfiguration, "cannot read \(file): no such file or not readable")
        }
        return data
    }
}
