import Foundation
import Testing
import TributaryTesting

/// `serve --tls-cert --tls-key`: HTTPS on the same port, checked by curl against the
/// test's own self-signed certificate; a missing or wrong file is refused with its option named.
@Suite(.serialized) struct ServeTLSTests {
    /// Makes a self-signed certificate for 127.0.0.1 and its key with openssl; returns their paths.
    static func certificate(in folder: URL) async throws -> (cert: String, key: String) {
        let cert = folder.appendingPathComponent("cert.pem").path
        let key = folder.appendingPathComponent("key.pem").path
        let output = try await TestProgram.run(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
                "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", cert,
            ],
            ["PATH": "/usr/bin:/bin"])
        #expect(FileManager.default.fileExists(atPath: cert), "openssl: \(output)")
        return (cert, key)
    }

    @Test func serveAnswersOverHTTPSWithTheGivenCertificate() async throws {
        let fixture = try await SyncFixture.start(syncUser: nil)
        try await fixture.stop()
        let folder = fixture.config.deletingLastPathComponent()
        let pair = try await Self.certificate(in: folder)
        let serve = try await ServeHarness.start(
            config: fixture.config, extra: ["--tls-cert", pair.cert, "--tls-key", pair.key],
            state: folder.appendingPathComponent("tls.sqlite").path)
        #expect(serve.base.scheme == "https", "serve says https: \(serve.errors.all)")
        let url = serve.base.appendingPathComponent("healthz").absoluteString
        let secure = try await TestProgram.run(
            "/usr/bin/curl", ["-sS", "--cacert", pair.cert, url], ["PATH": "/usr/bin:/bin"])
        #expect(secure == "ok\n")
        let unverified = try await TestProgram.run("/usr/bin/curl", ["-sS", url], ["PATH": "/usr/bin:/bin"])
        #expect(unverified != "ok\n", "a client that does not trust the certificate is not answered")
        let plain = try await TestProgram.run(
            "/usr/bin/curl", ["-sS", "-m", "10", url.replacingOccurrences(of: "https:", with: "http:")],
            ["PATH": "/usr/bin:/bin"])
        #expect(plain != "ok\n", "plain HTTP is not served on the TLS port")
        _ = try await serve.stop()
    }

    @Test func aMissingKeyOrAFileThatIsNoCertificateIsNamed() async throws {
        let config = try TributaryBinary.config(
            #"{"sources": [{"id": "f", "type": "feed", "url": "http://127.0.0.1:9/feed.xml"}]}"#)
        let alone = try await TributaryBinary.run(["serve", "--config", config.path, "--tls-cert", config.path])
        #expect(alone.status == 64 && alone.stderr.contains("--tls-cert and --tls-key go together"))
        let wrong = try await TributaryBinary.run(
            [
                "serve", "--config", config.path, "--port", "0", "--no-state", "--tls-cert", config.path, "--tls-key",
                config.path,
            ])
        #expect(wrong.status != 0 && wrong.stderr.contains("--tls-cert"), "\(wrong.stderr)")
    }
}
