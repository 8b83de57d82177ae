import Tributary

/// An `exec` entry's declared option; the entry's other keys go to the program unvalidated.
struct ExecOptions: SourceOptions {
    var command: [String] = []

    static var fields: [OptionField<Self>] {
        [
            .command(
                "command", \.command,
                "the program and its arguments, run without a shell; the entry's other keys reach it as JSON on "
                    + "standard input")
        ]
    }
}
