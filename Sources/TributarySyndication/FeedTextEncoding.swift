import Foundation

/// The encoding of a feed document, found from its first bytes as XML 1.0 Appendix F says:
/// a byte-order mark, else the zero bytes that `<`, `{` or whitespace make in UTF-16 or
/// UTF-32 (`3C 00 3F 00` is `<?` in UTF-16LE). Anything else is read as UTF-8, which the
/// byte repair also reads Latin-1 and Windows-1252 as, or left to libxml2 as declared.
/// The unusual octet orders 2143 and 3412 of UCS-4, and EBCDIC, are not read.
enum FeedTextEncoding: Equatable {
    case utf8
    case utf16(bigEndian: Bool)
    case utf32(bigEndian: Bool)

    /// The encoding of a document that starts with `head`, and the length of its byte-order
    /// mark (0 when it has none, or for UTF-8, whose mark the readers skip themselves).
    static func detect(_ head: Data) -> (encoding: FeedTextEncoding, markLength: Int) {
        let first = Array(head.prefix(4))
        if first.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return (.utf32(bigEndian: true), 4) }
        if first.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return (.utf32(bigEndian: false), 4) }
        if first.starts(with: [0xFE, 0xFF]) { return (.utf16(bigEndian: true), 2) }
        if first.starts(with: [0xFF, 0xFE]) { return (.utf16(bigEndian: false), 2) }
        guard first.count == 4 else { return (.utf8, 0) }
        switch (first[0] == 0, first[1] == 0, first[2] == 0, first[3] == 0) {
        case (true, true, true, false): return (.utf32(bigEndian: true), 0)
        case (false, true, true, true): return (.utf32(bigEndian: false), 0)
        case (true, false, true, false): return (.utf16(bigEndian: true), 0)
        case (false, true, false, true): return (.utf16(bigEndian: false), 0)
        default: return (.utf8, 0)
        }
    }

    /// The encoding's name, as `-v` shows it: `UTF-16LE`.
    var name: String {
        switch self {
        case .utf8: "UTF-8"
        case .utf16(let bigEndian): bigEndian ? "UTF-16BE" : "UTF-16LE"
        case .utf32(let bigEndian): bigEndian ? "UTF-32BE" : "UTF-32LE"
        }
    }
}
