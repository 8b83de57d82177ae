/// How one try at giving a batch of items to a hook went.
struct DeliveryOutcome: Sendable {
    /// Why the hook did not take the items; nil when it did.
    var failure: String?
    /// What the hook said on the way (an exec hook's standard error), one line each.
    var diagnostics: [String] = []

    static let delivered = DeliveryOutcome(failure: nil)
}
