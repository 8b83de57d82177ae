import ArgumentParser
import Foundation
import Tributary
import TributaryState

/// `tributary star` and `tributary unstar`: keep archived items (a starred item is never
/// forgotten, and `digest --starred` shows them), or let them go again.
struct StarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "star",
        abstract: "Star archived items: kept forever, shown by `digest --starred`.",
        discussion: StarMarks.discussion
    )

    @OptionGroup var marks: StarMarks

    func run() throws { try marks.apply(starred: true) }
}

/// `tributary unstar`: the reverse of `star`.
struct UnstarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unstar",
        abstract: "Unstar archived items: retention forgets them again like any other.",
        discussion: StarMarks.discussion
    )

    @OptionGroup var marks: StarMarks

    func run() throws { try marks.apply(starred: false) }
}

/// What `star` and `unstar` share: the store and the entry ids.
struct StarMarks: ParsableArguments {
    static let discussion = """
        Entry ids are the "entryID" values of `digest --format json` and `search --format json`. Prints how many \
        items changed; exits 1, naming them, when an id is not in this config's archive (the rest change).
        """

    @OptionGroup var location: StoreLocation

    @Argument(help: ArgumentHelp("Items, by entry id.", valueName: "entry-id"))
    var entryIDs: [Int] = []

    func validate() throws {
        if entryIDs.isEmpty {
            throw ValidationError("name one or more entry ids (the \"entryID\" of digest --format json)")
        }
    }

    func apply(starred: Bool) throws {
        let store = try location.open()
        let marking = try ExitCodes.reportingStateFailures { try store.star(entryIDs, starred: starred, at: Date()) }
        let count = marking.changed == 1 ? "1 item" : "\(marking.changed) items"
        StandardOutput.write("\(starred ? "starred" : "unstarred") \(count)\n")
        guard !marking.unknownIDs.isEmpty else { return }
        StandardError.write(
            marking.unknownIDs.map { "tributary: \($0): no such entry in the archive" }.joined(separator: "\n"))
        throw ExitCode(ExitCodes.partialFailure)
    }
}
