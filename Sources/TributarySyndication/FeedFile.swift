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

    /// Calls `body` with the file open, for reads at offsets of its choosing.
    func withHandle<Result>(_ body: (FileHandle) throws -> Result) throws -> Result {
        let handle = try open()
        defer { try? handle.close() }
        return try body(handle)
    }

    func all() throws -> Data {
        let handle = try open()
        defer { try? handle.close() }
        let data = try handle.read(upToCount: Self.maxBytes + 1) ?? Data()
        guard data.count <= Self.maxBytes else { throw tooLarge() }
        return data
    }

    /// Reads with `read(2)` into one reused buffer: `FileHandle.read(upToCount:)`
    /// reads 4 KB per system call and allocates a new `Data` per chunk.
    func chunks(_ body: (UnsafeRawBufferPointer) -> Bool) throws {
        unsafe try chunks(from: 0, body)
    }

    /// The bytes from `offset` on, in chunks (see `chunks`).
    func chunks(from offset: Int, _ body: (UnsafeRawBufferPointer) -> Bool) throws {
        let handle = try open()
        defer { try? handle.close() }
        if offset > 0 { try handle.seek(toOffset: UInt64(offset)) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
        defer { unsafe buffer.deallocate() }
        var total = 0
        while true {
            let count = unsafe read(handle.fileDescriptor, buffer.baseAddress, Self.chunkSize)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                throw TributaryError(
                    .badResponse, unsafe "cannot read \(url.path): \(String(cString: strerror(errno)))")
            }
            guard count > 0 else { return }
            total += count
            guard total <= Self.maxBytes else { throw tooLarge() }
            guard unsafe body(UnsafeRawBufferPointer(rebasing: buffer[..<count])) else { return }
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
        TributaryError(
            .badResponse,
            "\(url.path) is larger than \(Self.maxBytes / 1024 / 1024) MB; Tributary does not read feeds that large")
    }
}
