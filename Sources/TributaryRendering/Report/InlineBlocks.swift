import Tributary
import TributaryBytes

/// Finds the text inside every `<name …>…</name>` element of a page, as the regular
/// expression `<name\b[^>]*>(.*?)</name\s*>` (case-insensitive, dot matching newlines)
/// would, but in one pass over the UTF-8 bytes: NSRegularExpression works through UTF-16
/// and was slow on a large report.
struct InlineBlocks {
    private let bytes: [UInt8]
    /// The byte ranges of the contents of the script and the style blocks, in order.
    private(set) var scripts: [Range<Int>] = []
    private(set) var styles: [Range<Int>] = []

    init(_ html: String) {
        self.init(bytes: Array(html.utf8))
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
        let found = ParallelWork.chunks(of: 2, minimumChunk: 1) { names in
            names.map { [self] name in ranges(named: name == 0 ? "script" : "style") }
        }.flatMap { $0 }
        scripts = found[0]
        styles = found[1]
    }

    /// The contents of the blocks as bytes.
    func contents(_ ranges: [Range<Int>]) -> [ArraySlice<UInt8>] {
        ranges.map { bytes[$0] }
    }

    /// Whether text put in at byte `offset` would land inside a block.
    func contain(_ offset: Int) -> Bool {
        (scripts + styles).contains { $0.lowerBound <= offset && offset <= $0.upperBound }
    }

    private func ranges(named name: String) -> [Range<Int>] {
        let name = Array(name.utf8)
        var ranges: [Range<Int>] = []
        var position = 0
        while let open = find(opening: name, from: position) {
            guard let close = find(closing: name, from: open) else { break }
            ranges.append(open..<close.lowerBound)
            position = close.upperBound
        }
        return ranges
    }

    /// Where the content of the next `<name` tag (followed by a word boundary) starts, after its `>`.
    private func find(opening name: [UInt8], from start: Int) -> Int? {
        var index = start
        while let open = ByteSearch.firstIndex(of: UInt8(ascii: "<"), in: bytes, from: index) {
            index = open + 1
            guard matches(name, at: index) else { continue }
            let after = index + name.count
            guard after == bytes.count || !isWordCharacter(at: after) else { continue }
            guard let end = bytes[after...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
            return end + 1
        }
        return nil
    }

    /// The first `</name`, spaces, `>` from `start`, as a range of bytes.
    private func find(closing name: [UInt8], from start: Int) -> Range<Int>? {
        var index = start
        while let open = ByteSearch.firstIndex(of: UInt8(ascii: "<"), in: bytes, from: index) {
            index = open + 1
            guard index < bytes.count, bytes[index] == UInt8(ascii: "/"), matches(name, at: index + 1) else { continue }
            var end = index + 1 + name.count
            while end < bytes.count, let width = whitespaceWidth(at: end) { end += width }
            if end < bytes.count && bytes[end] == UInt8(ascii: ">") { return open..<end + 1 }
        }
        return nil
    }

    /// Whether `name` (lower-case ASCII) is at `index`, in any case.
    private func matches(_ name: [UInt8], at index: Int) -> Bool {
        guard index + name.count <= bytes.count else { return false }
        return name.indices.allSatisfy { offset in bytes[index + offset] | 0x20 == name[offset] }
    }

    /// ICU's `\w`: letters, marks, digits, connector punctuation, ZWNJ and ZWJ.
    private func isWordCharacter(at index: Int) -> Bool {
        guard let scalar = scalar(at: index) else { return false }
        if scalar.value == 0x200C || scalar.value == 0x200D || scalar.properties.isAlphabetic { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
        default: return false
        }
    }

    /// The byte length of the whitespace scalar at `index`, or nil when there is none.
    private func whitespaceWidth(at index: Int) -> Int? {
        guard let scalar = scalar(at: index), scalar.properties.isWhitespace else { return nil }
        return UTF8.width(scalar)
    }

    private func scalar(at index: Int) -> Unicode.Scalar? {
        var iterator = bytes[index...].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return scalar
    }
}
