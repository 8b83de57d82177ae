import CZlib
import Foundation
import Tributary

/// Inflates gzip and zlib/deflate bodies that arrive without a `Content-Encoding`
/// (Stack Exchange compresses every response, and says so only sometimes); libcurl
/// decodes the labelled ones. The transports call it once per response, so sources
/// read plain bodies.
enum Decompression {
    /// Why a body did not inflate.
    enum Failure: Error {
        case cannotStart, corrupt, truncated, tooLarge
    }

    /// The body inflated when it starts with a gzip or zlib header, else unchanged.
    /// Throws `badResponse` when a gzip body is corrupt or a body inflates past `limit`
    /// bytes. A zlib header is two bytes some text starts with too (`x^`, `80`), so a body
    /// that only looks like zlib and does not inflate comes back unchanged.
    static func inflateIfCompressed(_ data: Data, limit: Int) throws -> Data {
        let gzip = isGzip(data)
        guard gzip || isZlib(data) else { return data }
        do throws(Failure) {
            return try inflate(data, limit: limit)
        } catch .corrupt where !gzip {
            return data
        } catch {
            throw error.described(limit: limit)
        }
    }

    static func isGzip(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1F && data[data.startIndex + 1] == 0x8B
    }

    static func isZlib(_ data: Data) -> Bool {
        guard data.count >= 2 else { return false }
        let first = UInt16(data[data.startIndex])
        let second = UInt16(data[data.startIndex + 1])
        return first & 0x0F == 8 && (first << 8 | second) % 31 == 0
    }

    /// Inflates gzip or zlib data (detected by zlib itself), stopping at `limit` bytes.
    static func inflate(_ data: Data, limit: Int) throws(Failure) -> Data {
        var stream = z_stream()
        guard inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .cannotStart
        }
        defer { inflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var input = [UInt8](data)
        var status = Z_OK
        let failure: Failure? = input.withUnsafeMutableBufferPointer { inputBuffer in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = uInt(inputBuffer.count)
            while status != Z_STREAM_END {
                status = chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                guard status == Z_OK || status == Z_STREAM_END else { return .corrupt }
                output.append(contentsOf: chunk[0..<(chunk.count - Int(stream.avail_out))])
                guard output.count <= limit else { return .tooLarge }
                if status == Z_OK && stream.avail_in == 0 && stream.avail_out != 0 { return .truncated }
            }
            return nil
        }
        if let failure { throw failure }
        return output
    }
}

extension Decompression.Failure {
    /// The error a source reports, naming the cap and the setting that raises it.
    func described(limit: Int) -> TributaryError {
        switch self {
        case .cannotStart: TributaryError(.badResponse, "cannot start decompression")
        case .corrupt: TributaryError(.badResponse, "compressed body is corrupt or truncated")
        case .truncated: TributaryError(.badResponse, "compressed body is truncated")
        case .tooLarge:
            TributaryError(
                .badResponse,
                "body inflates past the \(ByteCount.format(limit)) cap (compressed without a Content-Encoding, "
                    + "a compression bomb?); raise \"maxResponseMB\" in feeds.json if this is expected")
        }
    }
}
