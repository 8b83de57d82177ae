import Foundation
import NIOSSL
import Tributary
import TributaryLive

/// swift-nio-ssl's server configuration of `serve --tls-cert --tls-key`: the PEM chain and
/// key, TLS 1.2 at least (swift-nio-ssl's default), HTTP/1.1 offered by ALPN.
enum ServeTLSConfiguration {
    static func make(_ tls: ServeTLS) throws -> TLSConfiguration {
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMFile(tls.certificateFile)
        } catch {
            throw TributaryError(
                .invalidConfiguration,
                "--tls-cert \(TextCleanup.singleLine(tls.certificateFile)): not a PEM certificate chain (\(error))")
        }
        guard !chain.isEmpty else {
            throw TributaryError(
                .invalidConfiguration,
                "--tls-cert \(TextCleanup.singleLine(tls.certificateFile)): holds no PEM certificate")
        }
        let key: NIOSSLPrivateKey
        do {
            key = try NIOSSLPrivateKey(file: tls.keyFile, format: .pem)
        } catch {
            throw TributaryError(
                .invalidConfiguration, "--tls-key \(TextCleanup.singleLine(tls.keyFile)): not a PEM private key")
        }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.applicationProtocols = ["http/1.1"]
        return configuration
    }
}
