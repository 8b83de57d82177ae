import ArgumentParser
import Foundation
import Tributary
import TributaryState

/// `tributary mark-read`: marks items read in the state store, so `--unread` leaves them out.
struct MarkReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mark-read",
        abstract: "Mark items read in the state store (by id, by source, or all of them).",
        discussion: """
            Item ids are the "id" values of `digest --format json`. Prints how many items were marked; \
            exits 1, naming them, when an id or a --source is not in the state store (the rest are marked).
            """
    )

    @OptionGroup var location: StoreLocation

    @Option(name: .long, help: ArgumentHelp("Mark every item of this source (repeatable).", valueName: "id"))
    var source: [String] = []

    @Flag(name: .long, help: "Mark every item.")
    var all = false

    @Argument(help: ArgumentHelp("Items to mark, by id.", valueName: "item-id"))
    var itemIDs: [String] = []

    func validate() throws {
        if !all && source.isEmpty && itemIDs.isEmpty { throw ValidationError("name item ids, --source ID or --all") }
        if all && (!source.isEmpty || !itemIDs.isEmpty) {
            throw ValidationError("--all marks every item; leave out ids and --source")
        }
    }

    func run() throws {
        let store = try location.open()
        let selection = StateStore.ReadSelection(all: all, sources: source, itemIDs: itemIDs)
        let marking = try ExitCodes.reportingStateFailures { try store.markRead(selection, at: Date()) }
        StandardOutput.write("marked \(marking.marked == 1 ? "1 item" : "\(marking.marked) items") read\n")
        let unknown =
            marking.unknownItemIDs.map { "tributary: \($0): no such item in the state store (not marked)" }
            + marking.unknownSources.map { "tributary: --source \($0): no items of it in the state store" }
        guard !unknown.isEmpty else { return }
        StandardError.write(unknown.map(TextCleanup.singleLine).joined(separator: "\n"))
        throw ExitCode(ExitCodes.partialFailure)
    }
}
