import Tributary

/// One line saying how a source fared: `✓ so-swift  30 items` / `✗ x  failed: …`.
public struct StatusLine: Sendable {
    public let style: TerminalStyle

    public init(style: TerminalStyle) {
        self.style = style
    }

    public func render(_ status: SourceStatus) -> String {
        let name = style.bold(status.id)
        switch status.state {
        case .ok:
            let count = status.itemCount == 1 ? "1 item" : "\(status.itemCount) items"
            let note = status.message.map { " · \($0)" } ?? ""
            return "\(style.green("✓")) \(name) \(style.dim("(\(status.type))")) \(count)\(note)"
        case .failed:
            return
                "\(style.red("✗")) \(name) \(style.dim("(\(status.type))")) \(style.red("failed:")) "
                + "\(status.message ?? "unknown error")"
        case .skipped:
            return
                "\(style.yellow("–")) \(name) \(style.dim("(\(status.type))")) \(style.yellow("skipped:")) "
                + "\(status.message ?? "")"
        case .pending:
            return "… \(name) \(style.dim("(\(status.type))")) still running"
        }
    }
}
