/// A secret value (API key, token). Its descriptions never reveal it, so it cannot
/// leak through string interpolation into output, logs or errors.
public struct Secret: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The secret itself; read it only where it is put on the wire.
    public let value: String

    public init(_ value: String) {
        self.value = value
    }

    public var description: String { "***" }
    public var debugDescription: String { "***" }
}
