import Foundation

/// Appends JSON tokens to a byte buffer: strings escaped per RFC 8259 (control
/// characters as `\uXXXX`, UTF-8 kept as is), numbers, ISO 8601 UTC dates, null.
///
/// Written by hand rather than with `JSONEncoder`: a digest can hold 100,000 items,
/// and the encoder's boxing cost more than parsing the feed did. The buffer is its own
/// (an item takes some eighty small writes, and `Array.append` checked each one), so a
/// writer is not copied: it is made, written and read where it is.
public struct JSONWriter: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    public init(capacity: Int) {
        self.capacity = max(capacity, 64)
        start = .allocate(capacity: self.capacity)
    }

    deinit {
        start.deallocate()
    }

    /// A copy of the bytes written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: start, count: count)) }

    /// Calls `body` with the bytes written so far.
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: start, count: count))
    }

    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if count + bytes.count > capacity { grow(to: count + bytes.count) }
        (start + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    private mutating func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        start[count] = byte
        count += 1
    }

    private mutating func grow(to needed: Int) {
        let grown = max(needed, capacity * 2)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.initialize(from: start, count: count)
        start.deallocate()
        start = larger
        capacity = grown
    }

    /// Writes `items` as the elements of a JSON array (`    {…}` each, one per line),
    /// rendered by `element` in windows of 4,096 split over the cores; each window goes
    /// to `sink` as it is done, so a huge array is never held whole.
    public static func elements<Element>(
        _ items: [Element], to sink: (UnsafeBufferPointer<UInt8>) -> Void, _ element: (Element, inout JSONWriter) -> Void
    ) {
        for window in stride(from: 0, to: items.count, by: 4096) {
            let end = min(items.count, window + 4096)
            let pieces = ParallelWork.chunks(of: end - window, minimumChunk: 512) { range in
                var out = JSONWriter(capacity: range.count * 800)
                for index in range.lowerBound + window..<range.upperBound + window {
                    out.raw(index == 0 ? "    {" : ",\n    {")
                    element(items[index], &out)
                    out.raw("\n    }")
                }
                return out.bytes
            }
            for piece in pieces { piece.withUnsafeBufferPointer(sink) }
        }
    }

    public mutating func raw(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    public mutating func raw(text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// `"name": value` inside an object at item depth, preceded by a comma unless first.
    public mutating func field(_ name: StaticString, first: Bool = false, _ value: (inout JSONWriter) -> Void) {
        raw(first ? "\n      \"" : ",\n      \"")
        raw(name)
        raw("\": ")
        value(&self)
    }

    public mutating func string(_ text: String?) {
        guard var text else { return raw("null") }
        append(0x22)
        text.withUTF8 { utf8 in
            var start = 0
            var index = 0
            while index < utf8.count {
                index = Self.endOfPlainRun(utf8, from: index)
                guard index < utf8.count else { break }
                append(UnsafeBufferPointer(rebasing: utf8[start..<index]))
                escape(utf8[index])
                index += 1
                start = index
            }
            append(UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        append(0x22)
    }

    /// The index of the first byte at or after `start` that JSON needs escaped (a
    /// control character, `"` or `\`), or the end; eight bytes at a time.
    private static func endOfPlainRun(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        let raw = UnsafeRawBufferPointer(utf8)
        while index + 8 <= utf8.count {
            let word = ByteWords.load(raw, at: index)
            if ByteWords.hasByte(word, below: 0x20) || ByteWords.has(word, 0x22) || ByteWords.has(word, 0x5C) { break }
            index += 8
        }
        while index < utf8.count, utf8[index] >= 0x20, utf8[index] != 0x22, utf8[index] != 0x5C { index += 1 }
        return index
    }

    public mutating func strings(_ values: [String]) {
        guard !values.isEmpty else { return raw("[]") }
        raw("[")
        for (index, value) in values.enumerated() {
            if index > 0 { raw(", ") }
            string(value)
        }
        raw("]")
    }

    public mutating func number(_ value: Double?) {
        guard let value, value.isFinite else { return raw("null") }
        raw(text: value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value))
    }

    /// `"2026-11-22T06:00:00Z"` (see `ISO8601Date.format`).
    public mutating func date(_ date: Date?) {
        guard let date else { return raw("null") }
        append(0x22)
        ISO8601Date.write(date) { append($0) }
        append(0x22)
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case 0x22: raw("\\\"")
        case 0x5C: raw("\\\\")
        case 0x0A: raw("\\n")
        case 0x0D: raw("\\r")
        case 0x09: raw("\\t")
        default: raw(text: "\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16))
        }
    }
}
