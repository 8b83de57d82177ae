import TributaryLive

extension AllocatorTuning {
    /// The commands that run for days.
    static let longRunCommands: Set<String> = ["watch", "serve"]

    /// The arena cap for a command line (without the program's name), or nil to leave
    /// glibc's: a run that ends soon, or a user who set the cap.
    static func arenaCap(arguments: [String], environment: [String: String]) -> Int32? {
        guard let command = arguments.first(where: { !$0.hasPrefix("-") }), longRunCommands.contains(command) else {
            return nil
        }
        return longRunCap(environment: environment)
    }
}
