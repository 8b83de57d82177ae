import CZlib
import Foundation

/// Inflates gzip and zlib/deflate bodies that arrive without a `Content-Encoding`
/// (Stack Exchange compresses every response, and says so only sometimes).
public enum Decompression {
    /// The body inflated when it starts with a gzip or zlib header, else unchanged.
    /// Throws `badResponse` when it is corrupt or inflates past `limit` bytes.
    public static func inflateIfCompressed(_ data: Data, limit: Int = 10 * 1024 * 1024) throws -> Data {
        guard isGzip(data) || isZlib(data) else { return data }
        return try inflate(data, limit: limit)
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
    static func inflate(_ data: Data, limit: Int) throws -> Data {
        var stream = z_stream()
        guard inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw TributaryError(.badResponse, "cannot start decompression")
        }
        defer { inflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var input = [UInt8](data)
        var status = Z_OK
        try input.withUnsafeMutableBufferPointer { inputBuffer in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = uInt(inputBuffer.count)
            while status != Z_STREAM_END {
                status = chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                guard status == Z_OK || status == Z_STREAM_END else {
                    throw TributaryError(.badResponse, "compressed body is corrupt or truncated")
                }
                output.append(contentsOf: chunk[0..<(chunk.count - Int(stream.avail_out))])
                guard output.count <= limit else {
                    throw TributaryError(
                        .badResponse, "body inflates past the \(ByteCount.format(limit)) cap (a compression bomb?)")
                }
                if status == Z_OK && stream.avail_in == 0 && stream.avail_out != 0 {
                    throw TributaryError(.badResponse, "compressed body is truncated")
                }
            }
        }
        return output
    }
}
