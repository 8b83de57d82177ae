import ArgumentParser
import Foundation
import Tributary

/// `tributary init`: writes a commented starter feeds.json where the next run will find it.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented starter feeds.json to edit.",
        discussion: """
            Without PATH it goes to $TRIBUTARY_CONFIG when set, else to \
            $XDG_CONFIG_HOME/tributary/feeds.json (~/.config/tributary/feeds.json), where every run \
            finds it from any folder. An existing file is never replaced without --force (exit 64); \
            a file that cannot be written exits 1.
            """
    )

    @Flag(name: .long, help: "Replace the file if it exists.")
    var force = false

    @Argument(help: ArgumentHelp("Where to write it (default: as above).", valueName: "path"))
    var path: String?

    func run() throws {
        let location = ConfigLocation(environment: ProcessInfo.processInfo.environment)
        let file = path.map { URL(fileURLWithPath: $0).standardizedFileURL } ?? location.starterFile
        let shown = TextCleanup.singleLine(file.path)
        do {
            try write(to: file)
        } catch let error as CocoaError
            where error.code == .fileWriteFileExists && FileManager.default.fileExists(atPath: file.path)
        {
            // Checked again: Foundation gives the same code when a file stands where the folder must be made.
            StandardError.write("tributary: \(shown) already exists; pass --force to replace it, or name another PATH")
            throw ExitCode.validationFailure
        } catch {
            StandardError.write("tributary: cannot write \(shown): \(error.localizedDescription)")
            throw ExitCode.failure
        }
        StandardOutput.write("wrote \(shown); check it with `tributary validate`\n")
        if let note = Self.lookupNote(for: file, location: location) { StandardError.write("note: \(note)") }
    }

    /// What to say when a run from this folder, without `--config`, would not read `file`.
    static func lookupNote(for file: URL, location: ConfigLocation) -> String? {
        let shown = TextCleanup.singleLine(file.path)
        switch try? location.find(explicit: nil) {
        case file?: return nil
        case let other?:
            return "runs from this folder read \(TextCleanup.singleLine(other.path)) first; "
                + "pass --config \(shown) to use the new one"
        case nil: return "runs without --config do not look there; pass --config \(shown) or set TRIBUTARY_CONFIG"
        }
    }

    /// Writes the starter, making its folder; without `--force`, only if no file is there
    /// (checked by the create itself, so a file that appears meanwhile is kept too).
    private func write(to file: URL) throws {
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(StarterConfig.text.utf8).write(to: file, options: force ? .atomic : .withoutOverwriting)
    }
}
