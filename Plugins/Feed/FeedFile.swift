import Foundation
import Tributary

/// A local feed file (`file://`), read in 1 MB chunks so a large file never sits in memory whole.
struct FeedFile: FeedByteSource {
    static let maxBytes = 200 * 1024 * 1024
    static let chunkSize = 1 << 20

    let url: URL

    func head() throws -> Data {
        let handle = try open()
        defer { try? handle.close() }
        return try handle.read(upToCount: 1024) ?? Data()
    }

    func all() throws -> Data {
        let handle = try open()
        defer { try? handle.close() }
        let data = try handle.read(upToCount: Self.maxBytes + 1) ?? Data()
        guard data.count <= Self.maxBytes else { throw tooLarge() }
        return data
    }

    func chunks(_ body: (UnsafeRawBufferPointer) -> Bool) throws {
        let handle = try open()
        defer { try? handle.close() }
        var total = 0
        while let chunk = try handle.read(upToCount: Self.chunkSize), !chunk.isEmpty {
            total += chunk.count
            guard total <= Self.maxBytes else { throw tooLarge() }
            guard chunk.withUnsafeBytes(body) else { return }
        }
    }

    private func open() throws -> FileHandle {
        do {
            return try FileHandle(forReadingFrom: url)
        } catch {
            throw TributaryError(.permanent, "cannot read \(url.path): no such file or not readable; check the url")
        }
    }

    private func tooLarge() -> TributaryError {
        TributaryError(.badResponse, "\(url.path) is larger than \(Self.maxBytes / 1024 / 1024) MB; Tributary does not read feeds that large")
    }
}
