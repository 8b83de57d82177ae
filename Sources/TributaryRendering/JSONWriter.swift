import Foundation

/// Appends JSON tokens to a byte buffer: strings escaped per RFC 8259 (control
/// characters as `\uXXXX`, UTF-8 kept as is), numbers, ISO 8601 UTC dates, null.
struct JSONWriter {
    private var bytes: [UInt8] = []
    /// Receives the output in pieces of about `chunkSize` bytes, so a huge digest is
    /// never held whole in memory.
    private let sink: (UnsafeBufferPointer<UInt8>) -> Void
    private let chunkSize = 1 << 20

    init(sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.sink = sink
        bytes.reserveCapacity(chunkSize + 4096)
    }

    /// Hands what is buffered to the sink; called between items and at the end.
    mutating func flush(force: Bool = false) {
        guard force || bytes.count >= chunkSize else { return }
        bytes.withUnsafeBufferPointer(sink)
        bytes.removeAll(keepingCapacity: true)
    }

    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// `"name": value` inside an object at item depth, preceded by a comma unless first.
    mutating func field(_ name: String, first: Bool = false, _ value: (inout JSONWriter) -> Void) {
        raw(first ? "\n      \"" : ",\n      \"")
        raw(name)
        raw("\": ")
        value(&self)
    }

    mutating func string(_ text: String?) {
        guard var text else { return raw("null") }
        bytes.append(0x22)
        text.withUTF8 { utf8 in
            var start = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                escape(byte)
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(0x22)
    }

    mutating func strings(_ values: [String]) {
        guard !values.isEmpty else { return raw("[]") }
        raw("[")
        for (index, value) in values.enumerated() {
            if index > 0 { raw(", ") }
            string(value)
        }
        raw("]")
    }

    mutating func number(_ value: Double?) {
        guard let value, value.isFinite else { return raw("null") }
        raw(value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value))
    }

    mutating func date(_ date: Date?) {
        guard let date else { return raw("null") }
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        raw("\"" + pad(Int(parts.tm_year) + 1900, 4) + "-" + pad(Int(parts.tm_mon) + 1, 2) + "-" + pad(Int(parts.tm_mday), 2)
            + "T" + pad(Int(parts.tm_hour), 2) + ":" + pad(Int(parts.tm_min), 2) + ":" + pad(Int(parts.tm_sec), 2) + "Z\"")
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case 0x22: raw("\\\"")
        case 0x5C: raw("\\\\")
        case 0x0A: raw("\\n")
        case 0x0D: raw("\\r")
        case 0x09: raw("\\t")
        default: raw("\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16))
        }
    }

    private func pad(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
