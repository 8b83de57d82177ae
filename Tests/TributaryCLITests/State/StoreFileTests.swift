import Foundation
import Testing
import TributaryTesting

/// The state store as a file on the user's disk: private to the user, whole without its
/// write-ahead log (a backup copies one file), and never written to once damaged.
@Suite struct StoreFileTests {
    static func digest(_ config: URL, state: String) async throws -> TributaryBinary.Result {
        try await TributaryBinary.run(
            ["digest", "--config", config.path, "--state", state, "--no-cache"],
            through: ["/bin/sh", "-c", #"umask 022 && exec "$0" "$@""#])
    }

    @Test func theStoreAndItsLogAreReadableByTheUserAloneUnderUmask022() async throws {
        let (_, server, config, state) = try await StateRunTests.setUp()
        defer { Task { await server.shutdown() } }
        let run = try await Self.digest(config, state: state)
        #expect(run.status == 0, "\(run.stderr)")
        for file in [state, state + "-wal", state + "-shm"] where FileManager.default.fileExists(atPath: file) {
            let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(file) has mode \(String(mode ?? 0, radix: 8))")
        }
    }

    @Test func aCopyOfTheStoreFileAloneRemembersTheRun() async throws {
        let (_, server, config, state) = try await StateRunTests.setUp()
        defer { Task { await server.shutdown() } }
        _ = try await Self.digest(config, state: state)
        let copy = state + ".backup"
        try FileManager.default.copyItem(atPath: state, toPath: copy)
        let again = try await Self.digest(config, state: copy)
        #expect(again.status == 0 && again.stdout.contains("Post 3"), "\(again.stderr)")
        #expect(!again.stdout.contains(" N "), "the copy knows the three items: \(again.stdout)")
    }

    @Test func aStoreWithDamagedPagesIsRefusedAndLeftAsItWas() async throws {
        let (_, server, config, state) = try await StateRunTests.setUp()
        defer { Task { await server.shutdown() } }
        _ = try await Self.digest(config, state: state)
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: state + suffix) }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: state))
        let page = 4096
        #expect(bytes.count >= 3 * page, "a store of several pages: \(bytes.count) bytes")
        bytes.replaceSubrange(page..<(2 * page), with: Data(repeating: 0xA5, count: page))
        try bytes.write(to: URL(fileURLWithPath: state))
        let refused = try await Self.digest(config, state: state)
        #expect(refused.status == 3, "\(refused.stdout)\n\(refused.stderr)")
        #expect(refused.stderr.contains("it is damaged"), "\(refused.stderr)")
        #expect(refused.stderr.contains("move the file aside"), "\(refused.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: state)) == bytes, "nothing was written to it")
    }
}
