import Foundation
import TributaryBytes

/// Appends JSON tokens to a byte buffer: strings escaped per RFC 8259 (control
/// characters as `\uXXXX`, UTF-8 kept as is), numbers, ISO 8601 UTC dates, null.
///
/// Written by hand rather than with `JSONEncoder`: a digest can hold 100,000 items,
/// and the encoder's boxing cost more than parsing the feed did. The bytes go into a
/// `ByteBuffer` (TributaryBytes), so a writer is not copied: it is made, written and
/// read where it is.
public struct JSONWriter: ~Copyable {
    private var buffer: ByteBuffer

    public init(capacity: Int) {
        buffer = ByteBuffer(capacity: capacity)
    }

    /// A copy of the bytes written so far.
    public var bytes: [UInt8] { buffer.bytes }

    /// Writes `items` as the elements of a JSON array (`    {…}` each, one per line),
    /// rendered by `element` (given each one's position) in windows of 4,096 split over
    /// the cores; each window goes to `sink` as it is done, so a huge array is never held whole.
    public static func elements<Element>(
        _ items: [Element], to sink: ([UInt8]) -> Void,
        _ element: (Int, Element, inout JSONWriter) -> Void
    ) {
        WindowedOutput.write(count: items.count, to: sink) { range in
            var out = JSONWriter(capacity: range.count * 800)
            for index in range {
                out.raw(index == 0 ? "    {" : ",\n    {")
                element(index, items[index], &out)
                out.raw("\n    }")
            }
            return out.bytes
        }
    }

    public mutating func raw(_ text: StaticString) {
        buffer.append(text)
    }

    public mutating func raw(text: String) {
        buffer.append(text)
    }

    /// `"name": value` inside an object at item depth, preceded by a comma unless first.
    public mutating func field(_ name: StaticString, first: Bool = false, _ value: (inout JSONWriter) -> Void) {
        raw(first ? "\n      \"" : ",\n      \"")
        raw(name)
        raw("\": ")
        value(&self)
    }

    public mutating func string(_ text: String?) {
        guard let text else { return raw("null") }
        buffer.appendJSONString(text)
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

    public mutating func integer(_ value: Int64?) {
        guard let value else { return raw("null") }
        raw(text: String(value))
    }

    /// `"2026-11-22T06:00:00Z"` (see `ISO8601Date.format`).
    public mutating func date(_ date: Date?) {
        guard let date else { return raw("null") }
        buffer.append(0x22)
        ISO8601Date.write(date) { buffer.append($0) }
        buffer.append(0x22)
    }
}
