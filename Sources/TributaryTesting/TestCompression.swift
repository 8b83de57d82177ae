import CZlib
import Foundation

/// Compresses fixture bodies the way servers do, for tests of decoding.
public enum TestCompression {
    /// gzip format (`1f 8b` …).
    public static func gzip(_ data: Data) -> Data { compress(data, windowBits: 15 + 16) }

    /// zlib format, which is what HTTP calls "deflate".
    public static func deflate(_ data: Data) -> Data { compress(data, windowBits: 15) }

    private static func compress(_ data: Data, windowBits: Int32) -> Data {
        var stream = z_stream()
        deflateInit2_(
            &stream, Z_BEST_COMPRESSION, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
            Int32(MemoryLayout<z_stream>.size))
        defer { deflateEnd(&stream) }
        var input = [UInt8](data)
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 64)
        input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                stream.next_in = inputBuffer.baseAddress
                stream.avail_in = uInt(inputBuffer.count)
                stream.next_out = outputBuffer.baseAddress
                stream.avail_out = uInt(outputBuffer.count)
                CZlib.deflate(&stream, Z_FINISH)
            }
        }
        return Data(output.prefix(Int(stream.total_out)))
    }
}
