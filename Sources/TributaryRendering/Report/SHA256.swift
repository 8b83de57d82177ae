import Crypto

/// SHA-256 of the report's inline script and style, for its Content-Security-Policy;
/// swift-crypto's (BoringSSL's on Linux), rather than a hand-written one to maintain.
enum SHA256 {
    /// The 32-byte digest of `bytes`.
    static func hash(_ bytes: some Collection<UInt8>) -> [UInt8] {
        Array(Crypto.SHA256.hash(data: Array(bytes)))
    }
}
