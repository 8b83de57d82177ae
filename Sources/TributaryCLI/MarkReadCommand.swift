import ArgumentParser
import Foundation
import Tributary
import TributaryState

/// `tributary mark-read`: marks items read in the state store, so `--unread` leaves them out.
struct MarkReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mark-read",
        abstract: "Mark items read in the state store (by id, by source, or all of them).",
        discussion: "Item ids are the \"id\" values of `digest --format json`. Prints how many items were marked."
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
        let marked = try ExitCodes.reportingStateFailures { try store.markRead(selection, at: Date()) }
        StandardOutput.write("marked \(marked == 1 ? "1 item" : "\(marked) items") read\n")
    }
}
