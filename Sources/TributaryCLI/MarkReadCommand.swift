import ArgumentParser

/// `tributary mark-read`: marks items read in the state store, so `--unread` leaves them out.
struct MarkReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mark-read",
        abstract: "Mark items read in the state store (by id or row number, source, tag, or all of them).",
        discussion: """
            Items are the "id" values of `digest --format json`, or the row numbers the last text digest \
            printed (`tributary mark-read 3 5-9`). Prints how many items were marked; exits 1, naming them, \
            when an id, a row, a --source or a --tag is not in the state store (the rest are marked).
            """
    )

    @OptionGroup var marking: ReadMarkingOptions

    func run() throws { try marking.mark(read: true) }
}

/// `tributary mark-unread`: marks items unread again, so `--unread` shows them.
struct MarkUnreadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mark-unread",
        abstract: "Mark items unread again in the state store (by id or row number, source, tag, or all of them).",
        discussion: """
            Takes what mark-read takes. Prints how many items were marked; exits 1, naming them, when an id, \
            a row, a --source or a --tag is not in the state store (the rest are marked).
            """
    )

    @OptionGroup var marking: ReadMarkingOptions

    func run() throws { try marking.mark(read: false) }
}
