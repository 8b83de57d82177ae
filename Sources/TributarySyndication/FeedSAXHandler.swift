import CLibXML2
import Foundation

/// The attributes of one SAX2 start tag: libxml2's five pointers per attribute
/// (local name, prefix, URI, value start, value end), read without copying.
struct FeedAttributes {
    let count: Int
    let pointers: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?

    /// The value of the unprefixed attribute `name`.
    subscript(name: StaticString) -> String? {
        bytes(name).map(Self.text)
    }

    /// An attribute's value as text. libxml2, substituting no entities, hands `&amp;` in an
    /// attribute on as `&#38;` (a reference left for a pass that never comes; `&lt;` and the
    /// others it decodes), so `&#38;` reads as the `&` the document wrote.
    static func text(_ value: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: value, as: UTF8.self)
        return value.contains(UInt8(ascii: "&")) ? text.replacingOccurrences(of: "&#38;", with: "&") : text
    }

    /// The bytes of the unprefixed attribute `name`'s value, valid during the callback.
    /// Names are static strings: compared in place, never copied into a C string.
    func bytes(_ name: StaticString) -> UnsafeBufferPointer<UInt8>? {
        let cName = UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
        return value { localName, uri in uri == nil && strcmp(localName, cName) == 0 }
    }

    /// The bytes of the attribute `name` in the namespace `uri`, valid during the callback.
    func bytes(_ name: StaticString, namespace uri: StaticString) -> UnsafeBufferPointer<UInt8>? {
        guard count > 0 else { return nil }
        let cName = UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
        let cURI = UnsafeRawPointer(uri.utf8Start).assumingMemoryBound(to: CChar.self)
        return value { localName, namespace in
            namespace.map { strcmp($0, cURI) == 0 } ?? false && strcmp(localName, cName) == 0
        }
    }

    /// Whether the attribute `name` is `expected`, or absent and `expected` is its default.
    func value(_ name: StaticString, is expected: StaticString, byDefault: Bool = false) -> Bool {
        guard let value = bytes(name) else { return byDefault }
        return value.elementsEqual(UnsafeBufferPointer(start: expected.utf8Start, count: expected.utf8CodeUnitCount))
    }

    /// The value of `xml:base`, when present.
    var xmlBase: String? {
        guard count > 0 else { return nil }
        return value { localName, uri in
            uri != nil && strcmp(localName, "base") == 0 && strcmp(uri!, "http://www.w3.org/XML/1998/namespace") == 0
        }.map(Self.text)
    }

    private func value(where matches: (UnsafePointer<CChar>, UnsafePointer<CChar>?) -> Bool) -> UnsafeBufferPointer<
        UInt8
    >? {
        guard let pointers else { return nil }
        for index in 0..<count {
            let base = index * 5
            guard let localName = pointers[base], let start = pointers[base + 3], let end = pointers[base + 4] else {
                continue
            }
            let uri = pointers[base + 2].map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
            guard matches(UnsafeRawPointer(localName).assumingMemoryBound(to: CChar.self), uri) else { continue }
            return UnsafeBufferPointer(start: start, count: end - start)
        }
        return nil
    }
}

/// An entity's value as libxml2 hands it on (its character references decoded).
enum FeedEntityValue {
    /// Whether the value refers to an entity other than XML's five predefined ones: an
    /// entity built of others, the shape of an expansion bomb (`&#38;#38;`, `&lt;` are not).
    static func refersToEntities(_ value: UnsafePointer<xmlChar>) -> Bool {
        var cursor = value
        while cursor.pointee != 0 {
            defer { cursor += 1 }
            guard cursor.pointee == 0x26, cursor[1] != 0x23 else { continue }
            var end = cursor + 1
            while end.pointee != 0, end.pointee != 0x3B { end += 1 }
            let name = String(decoding: UnsafeBufferPointer(start: cursor + 1, count: end - cursor - 1), as: UTF8.self)
            if !["amp", "lt", "gt", "quot", "apos"].contains(name) { return true }
        }
        return false
    }
}

/// The libxml2 SAX2 callbacks, forwarding to the `FeedXMLReader` passed as user data.
enum FeedSAXHandler {
    static let initialized: Void = xmlInitParser()

    static func make() -> xmlSAXHandler {
        _ = initialized
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = {
            context, localName, prefix, uri, namespaceCount, namespaces, attributeCount, _, attributes in
            guard let localName else { return }
            withFeedReader(context) { reader in
                let attributes = FeedAttributes(count: Int(attributeCount), pointers: attributes)
                reader.startElement(localName, uri, attributes) { outline in
                    outline.opened(
                        localName, prefix: prefix, namespaceCount: Int(namespaceCount), namespaces: namespaces,
                        xmlBase: attributes.xmlBase)
                }
            }
        }
        handler.endElementNs = { context, _, _, _ in withFeedReader(context) { $0.endElement() } }
        handler.characters = { context, bytes, count in
            if let bytes { withFeedReader(context) { $0.characters(bytes, Int(count)) } }
        }
        handler.cdataBlock = handler.characters
        handler.entityDecl = { context, name, _, publicID, systemID, content in
            let external = systemID.map { String(cString: $0) } ?? publicID.map { String(cString: $0) }
            let nested = content.map { FeedEntityValue.refersToEntities(UnsafePointer($0)) } ?? false
            let entity = name.map { String(cString: $0) } ?? "?"
            withFeedReader(context) { $0.noteEntityDeclaration(name: entity, external: external, nested: nested) }
        }
        handler.serror = { context, error in
            guard let context, let message = error?.pointee.message else { return }
            withFeedReader(context) { $0.noteError(String(cString: message)) }
        }
        return handler
    }
}

/// Calls `body` with the reader, which its caller keeps alive for the whole
/// parse, without retaining and releasing it around each of a feed's million callbacks.
private func withFeedReader(_ context: UnsafeMutableRawPointer?, _ body: (FeedXMLReader) -> Void) {
    Unmanaged<FeedXMLReader>.fromOpaque(context!)._withUnsafeGuaranteedRef(body)
}
