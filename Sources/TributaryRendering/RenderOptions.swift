import Foundation

/// How the terminal format looks where it goes: styled or plain, cut to a width or not,
/// titles as hyperlinks or not, times in the reader's zone. The other formats ignore it.
public struct RenderOptions: Sendable {
    public var style: TerminalStyle
    /// The cells a line may take, or nil for lines as long as their text.
    public var width: Int?
    /// Whether titles are OSC 8 hyperlinks to their item.
    public var links: Bool
    public var time: TerminalTime

    /// Plain, uncut, unlinked, in UTC by default: what a file or a pipe gets.
    public init(
        style: TerminalStyle = TerminalStyle(isEnabled: false), width: Int? = nil, links: Bool = false,
        time: TerminalTime = TerminalTime(timeZone: TimeZone(identifier: "UTC")!)
    ) {
        self.style = style
        self.width = width
        self.links = links
        self.time = time
    }
}
