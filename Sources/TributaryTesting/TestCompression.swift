import CZlib
import Foundation

/// Compresses fixture bodies the way servers do, for tests of decoding.
public enum TestCompression {
    /// gzip format (`1f 8b` …).
    public static func gzip(_ data: Data) -> Data { compress(data, windowBits: 15 + 16) }

    /// zlib format, which is what HTTP calls "deflate".
    public static func deflate(_ data: Data) -> Data { compress(data, windowBits: 15) }

    private static func compress(_ data: Data, windowBits: Int32) -> Data {
        var stream = unsafe z_stream()
        unsafe deflateInit2_(
            &stream, Z_BEST_COMPRESSION, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
            Int32(MemoryLayout<z_stream>.size))
        defer { unsafe deflateEnd(&stream) }
        var input = [UInt8](data)
        var output = unsafe [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 64)
        unsafe input.withUnsafeMutableBufferPointer { inputBuffer in
            unsafe output.withUnsafeMutableBufferPointer { outputBuffer in
                unsafe stream.next_in = inputBuffer.baseAddress
                unsafe stream.avail_in = uInt(inputBuffer.count)
                unsafe stream.next_out = outputBuffer.baseAddress
                unsafe stream.avail_out = uInt(outputBuffer.count)
                unsafe CZlib.deflate(&stream, Z_FINISH)
            }
        }
        return unsafe Data(output.prefix(Int(stream.total_out)))
    }
}
