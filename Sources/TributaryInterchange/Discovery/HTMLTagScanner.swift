import Tributary

/// Finds start tags in HTML and reads their attributes, as browsers do for the simple
/// cases: names in any case, values in double, single or no quotes, character
/// references decoded, `<!-- comments -->` skipped.
enum HTMLTagScanner {
    struct Tag: Equatable {
        /// The tag's name, lower-cased.
        var name: String
        /// Attributes by lower-cased name; of repeated ones the first wins, as in HTML.
        var attributes: [String: String]
    }

    /// Every start tag in `bytes` whose name is one of `names`.
    static func tags(named names: Set<String>, in bytes: [UInt8]) -> [Tag] {
        var tags: [Tag] = []
        var index = 0
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            if bytes[open...].starts(with: "<!--".utf8) {
                index = bytes[(open + 4)...].firstRange(of: "-->".utf8)?.upperBound ?? bytes.count
                continue
            }
            var reader = AttributeReader(bytes: bytes, index: open + 1)
            let name = reader.word().lowercased()
            if names.contains(name) { tags.append(Tag(name: name, attributes: reader.attributes())) }
            index = max(reader.index, open + 1)
        }
        return tags
    }

    /// Reads one tag's name and attributes from just after its `<`.
    struct AttributeReader {
        let bytes: [UInt8]
        var index: Int

        /// A run of bytes up to white space, `=`, `>` or `/`.
        mutating func word() -> String {
            let start = index
            while index < bytes.count, !Self.ends(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        mutating func attributes() -> [String: String] {
            var attributes: [String: String] = [:]
            while true {
                while index < bytes.count, Self.isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") {
                    index += 1
                }
                guard index < bytes.count, bytes[index] != UInt8(ascii: ">") else { return attributes }
                let name = word().lowercased()
                guard !name.isEmpty else {
                    index += 1
                    continue
                }
                let value = readValue()
                if attributes[name] == nil { attributes[name] = HTMLEntities.decode(value) }
            }
        }

        /// The value after `=`, or "" for an attribute without one.
        private mutating func readValue() -> String {
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return "" }
            index += 1
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { return "" }
            let quote = bytes[index]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                let start = index
                while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                return String(decoding: bytes[start..<index], as: UTF8.self)
            }
            let start = index + 1
            let end = bytes[start...].firstIndex(of: quote) ?? bytes.count
            index = min(end + 1, bytes.count)
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }

        private static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
        }

        private static func ends(_ byte: UInt8) -> Bool {
            isSpace(byte) || byte == UInt8(ascii: "=") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
        }
    }
}
