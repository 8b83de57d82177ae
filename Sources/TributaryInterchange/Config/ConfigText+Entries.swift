import Foundation

/// feeds.json's text with one entry of `sources` taken out, or its `enabled` set, and every
/// other byte as it was (see `ConfigText`).
extension ConfigText {
    /// The text without the entry at `index` of `sources`: its lines when it stands on lines
    /// of its own, and one comma; nil when there is no such entry.
    static func removing(entryAt index: Int, from bytes: [UInt8]) -> [UInt8]? {
        guard let list = SourcesList.find(in: bytes), list.elements.indices.contains(index) else { return nil }
        let element = list.elements[index]
        var output = bytes
        if list.elements.count == 1 {
            output.replaceSubrange((list.open + 1)..<list.close, with: [])
        } else if index + 1 < list.elements.count {
            let next = list.elements[index + 1].lowerBound
            let start =
                startsItsLine(element.lowerBound, in: bytes)
                ? lineStart(of: element.lowerBound, in: bytes) : element.lowerBound
            let end = startsItsLine(next, in: bytes) ? lineStart(of: next, in: bytes) : next
            output.replaceSubrange(start..<end, with: [])
        } else {
            output.replaceSubrange(list.elements[index - 1].upperBound..<element.upperBound, with: [])
        }
        return output
    }

    /// The text with the entry at `index` enabled or disabled: its `enabled` value replaced,
    /// or `"enabled": false` added as its first member; nil when there is no such entry.
    static func setting(enabled: Bool, ofEntryAt index: Int, in bytes: [UInt8]) -> [UInt8]? {
        guard let list = SourcesList.find(in: bytes), list.elements.indices.contains(index) else { return nil }
        let element = list.elements[index]
        let literal = Array((enabled ? "true" : "false").utf8)
        var output = bytes
        if let value = ObjectMembers.valueRange(of: "enabled", inObjectAt: element.lowerBound, in: bytes) {
            output.replaceSubrange(value, with: literal)
        } else if !enabled {
            let member = Array(#""enabled": false"#.utf8)
            guard let first = ObjectMembers.firstMember(inObjectAt: element.lowerBound, in: bytes) else {
                output.insert(contentsOf: member, at: element.lowerBound + 1)
                return output
            }
            let separator =
                startsItsLine(first, in: bytes) ? ",\n" + indentation(ofLineAt: first, in: bytes) : ", "
            output.insert(contentsOf: member + Array(separator.utf8), at: first)
        }
        return output
    }

    /// Whether only spaces and tabs come before `offset` on its line.
    static func startsItsLine(_ offset: Int, in bytes: [UInt8]) -> Bool {
        bytes[lineStart(of: offset, in: bytes)..<offset].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}

/// The members of one JSON object in feeds.json's text, found with `SourcesList.Scan`.
enum ObjectMembers {
    /// Where the value of the object's own member `key` is (not a nested object's).
    static func valueRange(of key: String, inObjectAt open: Int, in bytes: [UInt8]) -> Range<Int>? {
        var scan = SourcesList.Scan(bytes: bytes, position: open + 1)
        var depth = 1
        var expectingKey = true
        var valueStart: Int?
        var lastEnd = open + 1
        let wanted = Array(key.utf8)
        var isWanted = false
        while let (index, byte) = scan.nextSignificant() {
            if depth == 1, byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") {
                if isWanted, let valueStart { return valueStart..<lastEnd }
                expectingKey = true
                if byte == UInt8(ascii: "}") { return nil }
                lastEnd = scan.position
                continue
            }
            if depth == 1, !expectingKey, byte != UInt8(ascii: ":"), valueStart == nil { valueStart = index }
            switch byte {
            case UInt8(ascii: "\""):
                let end = scan.skipString(from: index)
                if depth == 1, expectingKey {
                    isWanted = Array(bytes[(index + 1)..<(end - 1)]) == wanted
                    expectingKey = false
                    valueStart = nil
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
            lastEnd = scan.position
        }
        return nil
    }

    /// The offset of the object's first member, nil when it has none.
    static func firstMember(inObjectAt open: Int, in bytes: [UInt8]) -> Int? {
        var scan = SourcesList.Scan(bytes: bytes, position: open + 1)
        guard let (index, byte) = scan.nextSignificant(), byte != UInt8(ascii: "}") else { return nil }
        return index
    }
}
