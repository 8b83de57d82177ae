/// `serve --tls-cert FILE --tls-key FILE`: HTTPS with this PEM certificate chain and
/// private key, for a reader on another machine without a reverse proxy in front.
public struct ServeTLS: Sendable, Equatable {
    /// The certificate chain's PEM file, the server's certificate first.
    public let certificateFile: String
    /// The private key's PEM file.
    public let keyFile: String

    public init(certificateFile: String, keyFile: String) {
        self.certificateFile = certificateFile
        self.keyFile = keyFile
    }
}
