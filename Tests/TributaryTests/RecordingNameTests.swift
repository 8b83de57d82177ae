import Foundation
import Testing
import Tributary
import TributaryTesting
import TributaryNetwork

/// Recording file names stay within the 255-byte limit whatever the URL's script.
@Suite struct RecordingNameTests {
    @Test func aLongNonASCIIPathIsRecordedAndReplayed() async throws {
        let server = try await LocalHTTPServer.start { _ in .text("ok") }
        defer { Task { await server.shutdown() } }
        let folder = Scratch.folder.appendingPathComponent("tributary-rec-\(UUID().uuidString)")
        let path = String(repeating: "最新のニュース", count: 20)  // 420 bytes of UTF-8, three a character
        let request = HTTPRequest(url: server.baseURL.appendingPathComponent(path))
        let recorder = HTTPClient(
            transport: try RecordingTransport(recordingTo: folder, through: CurlTransport(userAgent: "test")))
        let recorded = try await recorder.send(request)
        #expect(recorded.status == 200)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!names.isEmpty)
        #expect(names.allSatisfy { $0.utf8.count <= 255 }, "\(names.map(\.utf8.count))")
        let replayed = try await HTTPClient(transport: try ReplayTransport(folder: folder)).send(request)
        #expect(String(decoding: replayed.body, as: UTF8.self) == "ok")
    }
}
