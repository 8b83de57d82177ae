/// Converts UTF-16 or UTF-32 to UTF-8 chunk by chunk. The bytes of a code unit, or the
/// high half of a surrogate pair, that a chunk ends inside wait for the next chunk; code
/// units that are no character (a lone surrogate, a value past U+10FFFF, an odd last byte)
/// become U+FFFD.
public struct WideTextDecoder {
    private let width: Int
    private let bigEndian: Bool
    private var carried: [UInt8] = []
    private var highSurrogate: UInt32?
    private var output: [UInt8] = []

    /// A decoder of code units `width` bytes wide (2 for UTF-16, 4 for UTF-32; 1 copies
    /// bytes as they are), most significant byte first when `bigEndian`.
    public init(width: Int, bigEndian: Bool) {
        (self.width, self.bigEndian) = (width, bigEndian)
    }

    /// Hands `body` the UTF-8 of `input` after its first `skipping` bytes (a byte-order
    /// mark, or the part of one in this chunk); `final` flushes what waits for more.
    public mutating func convert(
        _ input: UnsafeRawBufferPointer, skipping: Int = 0, final: Bool, _ body: (UnsafeRawBufferPointer) -> Void
    ) {
        let units = UnsafeRawBufferPointer(rebasing: input[min(skipping, input.count)...])
        output.removeAll(keepingCapacity: true)
        if carried.isEmpty {
            convertUnits(units)
        } else {
            let joined = carried + units
            carried.removeAll()
            joined.withUnsafeBytes { convertUnits($0) }
        }
        if final {
            if highSurrogate != nil || !carried.isEmpty { append(0xFFFD) }
            (highSurrogate, carried) = (nil, [])
        }
        output.withUnsafeBytes(body)
    }

    /// Flushes what waits for more input (U+FFFD for a unit or surrogate pair cut short).
    public mutating func finish(_ body: (UnsafeRawBufferPointer) -> Void) {
        convert(UnsafeRawBufferPointer(start: nil, count: 0), final: true, body)
    }

    /// The UTF-8 of `bytes` after their first `skipping` bytes, as one piece.
    public mutating func converted(_ bytes: [UInt8], skipping: Int = 0, final: Bool) -> [UInt8] {
        var result: [UInt8] = []
        bytes.withUnsafeBytes { convert($0, skipping: skipping, final: final) { result = Array($0) } }
        return result
    }

    private mutating func convertUnits(_ bytes: UnsafeRawBufferPointer) {
        let whole = bytes.count - bytes.count % width
        output.reserveCapacity(whole / width * 3)
        var index = 0
        while index < whole {
            var unit: UInt32 = 0
            for offset in 0..<width {
                let byte = UInt32(bytes[index + (bigEndian ? offset : width - 1 - offset)])
                unit = unit << 8 | byte
            }
            width == 2 ? utf16(unit) : append(unit)
            index += width
        }
        carried = Array(bytes[whole...])
    }

    private mutating func utf16(_ unit: UInt32) {
        if let high = highSurrogate {
            highSurrogate = nil
            if (0xDC00...0xDFFF).contains(unit) { return append(0x10000 + (high - 0xD800) << 10 + (unit - 0xDC00)) }
            append(0xFFFD)
        }
        if (0xD800...0xDBFF).contains(unit) { highSurrogate = unit } else { append(unit) }
    }

    /// One code point in UTF-8, U+FFFD for a surrogate or a value past U+10FFFF.
    private mutating func append(_ value: UInt32) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        if scalar.isASCII { return output.append(UInt8(value)) }
        UTF8.encode(scalar) { output.append($0) }
    }
}
