import Tributary

/// How a run's mail went.
public enum MailReport: Sendable, Equatable {
    /// The server took the message, with this many items.
    case sent(items: Int)
    /// Nothing was new (and `sendEmpty` is off): no message.
    case nothingNew
    /// Another run holds the delivery lock; the items wait for the next run.
    case busy
    /// The message was not sent: why, how many items wait for the next run, how many of
    /// those were given up after their retries.
    case failed(reason: String, waiting: Int, givenUp: Int)

    /// The line for standard error, or nil when there is nothing to say.
    public var message: String? {
        switch self {
        case .sent(let items):
            return "tributary: mailed the digest (\(Plural.count(items, "item")))"
        case .nothingNew:
            return "tributary: nothing new to mail"
        case .busy:
            return "tributary: warning: another run is sending the mail; this run's items wait for the next"
        case .failed(let reason, let waiting, let givenUp):
            let again = waiting - givenUp
            var tail =
                again > 0 ? "; \(Plural.count(again, "item")) \(again == 1 ? "waits" : "wait") for the next run" : ""
            if givenUp > 0 { tail += "; \(givenUp) given up after \(givenUp == 1 ? "its" : "their") retries" }
            return "tributary: mail not sent: \(reason)\(tail)"
        }
    }

    public var failed: Bool {
        if case .failed = self { return true }
        return false
    }
}
