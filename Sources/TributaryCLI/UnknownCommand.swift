import ArgumentParser
import Foundation
import Tributary

/// A first word that names no subcommand (`tributary digst`): without this check the
/// default command (`digest`) would take it and answer "unexpected argument". Exits 64
/// with the nearest command's name.
enum UnknownCommand {
    /// The message for `arguments` (without the program's name), or nil when its first
    /// word is an option, a subcommand or `help`.
    static func message(for arguments: [String], commands: [any ParsableCommand.Type]) -> String? {
        guard let word = arguments.first, !word.hasPrefix("-") else { return nil }
        let names = commands.map { $0._commandName } + ["help"]
        guard !names.contains(word) else { return nil }
        let nearest = Suggestion.closest(to: word, in: names).map { "; did you mean `\($0)`?" } ?? ""
        return "Error: unknown command `\(TextCleanup.singleLine(word))`\(nearest)\n"
            + "Commands: \(names.dropLast().joined(separator: ", ")). See 'tributary --help'."
    }

    /// Exits 64 with the message when the command line starts with an unknown command.
    static func refuse(_ arguments: [String], commands: [any ParsableCommand.Type]) {
        guard let message = message(for: arguments, commands: commands) else { return }
        StandardError.write(message)
        exit(ExitCode.validationFailure.rawValue)
    }
}
