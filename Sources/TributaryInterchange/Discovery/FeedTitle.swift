import Foundation
import Tributary

/// A feed's own title, read from its first bytes: JSON Feed's `title`, or the text of the
/// first `<title>` element (CDATA or escaped text) of RSS and Atom. Only names a new entry;
/// the feed itself is read by the `feed` source.
enum FeedTitle {
    static func peek(_ body: Data) -> String? {
        let head = Array(body.prefix(64 * 1024))
        let text: String?
        if head.first(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) == UInt8(ascii: "{") {
            let root = try? JSONReader.parse(body, as: .remote).0
            if case .object(let object)? = root { text = object["title"]?.stringValue } else { text = nil }
        } else {
            text = xmlTitle(head)
        }
        return text.map(TextCleanup.singleLine).flatMap { $0.isEmpty ? nil : $0 }
    }

    private static func xmlTitle(_ bytes: [UInt8]) -> String? {
        guard let open = bytes.firstRange(of: "<title".utf8),
            let start = bytes[open.upperBound...].firstIndex(of: UInt8(ascii: ">")),
            let end = bytes[start...].firstRange(of: "</title>".utf8)
        else { return nil }
        var inner = String(decoding: bytes[(start + 1)..<end.lowerBound], as: UTF8.self)
        if inner.hasPrefix("<![CDATA["), inner.hasSuffix("]]>") { return String(inner.dropFirst(9).dropLast(3)) }
        inner = HTMLEntities.decode(inner)
        return inner
    }
}
