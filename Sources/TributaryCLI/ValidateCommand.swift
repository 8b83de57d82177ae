import ArgumentParser
import Foundation
import Tributary
import TributaryHooks

/// `tributary validate`: checks feeds.json without touching the network.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a configuration file without touching the network.",
        discussion: """
            A string's ${VAR} is read from the environment when a run starts; $${ stands for a literal ${ \
            (import and add write text from files and pages that way, so it never names a variable). \
            Exits 0 when valid, 3 when not, naming each entry, key and fix.
            """
    )

    @OptionGroup var config: ConfigOption

    func run() throws {
        let registry = BundledSources.registry(environment: ProcessInfo.processInfo.environment)
        let loader = ConfigLoader(registry: registry)
        let file = try ExitCodes.reportingStateFailures { try config.file() }
        let shown = TextCleanup.singleLine(file.path)
        do {
            let loaded = try loader.load(contentsOf: file)
            try HookDelivery.check(loaded.hooks)
            for entry in loaded.sources {
                do {
                    _ = try registry[entry.type]!.make(entry)
                } catch let error as TributaryError where error.code == .skipped {
                    StandardError.write("note: \(error.message)")
                }
            }
            StandardOutput.write("\(shown): valid (\(Plural.count(loaded.sources.count, "source")))\n")
        } catch let error as TributaryError {
            StandardError.write("\(shown): invalid:\n\(error.message)")
            throw ExitCode(ExitCodes.invalidConfiguration)
        }
    }
}
