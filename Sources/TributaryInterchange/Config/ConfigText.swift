import Foundation

/// feeds.json's text with entries added at the end of its `sources` list, and every other
/// byte (comments, order, spacing, a trailing comma) as it was.
enum ConfigText {
    /// The new text; nil when the file has no top-level `sources` list.
    static func adding(_ entries: [NewFeedEntry], to bytes: [UInt8]) -> [UInt8]? {
        guard let list = SourcesList.find(in: bytes), !entries.isEmpty else { return nil }
        let indent =
            list.firstElement.map { indentation(ofLineAt: $0, in: bytes) }
            ?? indentation(ofLineAt: list.open, in: bytes) + "  "
        var added = entries.map { $0.json(indent: indent) }.joined(separator: ",\n")
        if list.hasTrailingComma { added += "," }  // the file's own style
        var output = bytes
        let closeLine = lineStart(of: list.close, in: bytes)
        let closeStandsAlone =
            closeLine > list.lastElementEnd && bytes[closeLine..<list.close].allSatisfy { $0 == 0x20 || $0 == 0x09 }
        let inserted =
            closeStandsAlone
            ? added + "\n" : "\n" + added + "\n" + indentation(ofLineAt: list.close, in: bytes)
        // A file with Windows line ends gets them in what is added too.
        let newline = bytes.firstRange(of: [0x0D, 0x0A]) == nil ? "\n" : "\r\n"
        output.insert(
            contentsOf: Array(inserted.replacingOccurrences(of: "\n", with: newline).utf8),
            at: closeStandsAlone ? closeLine : list.close)
        if list.firstElement != nil && !list.hasTrailingComma {
            output.insert(UInt8(ascii: ","), at: list.lastElementEnd)
        }
        return output
    }

    /// A new feeds.json holding only `entries`.
    static func new(with entries: [NewFeedEntry]) -> [UInt8] {
        let list = entries.map { $0.json(indent: "    ") }.joined(separator: ",\n")
        return Array("{\n  \"sources\": [\n\(list)\n  ]\n}\n".utf8)
    }

    static func lineStart(of offset: Int, in bytes: [UInt8]) -> Int {
        bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    }

    /// The spaces and tabs that start the line holding `offset`.
    static func indentation(ofLineAt offset: Int, in bytes: [UInt8]) -> String {
        let start = lineStart(of: offset, in: bytes)
        return String(decoding: bytes[start..<offset].prefix { $0 == 0x20 || $0 == 0x09 }, as: UTF8.self)
    }
}
