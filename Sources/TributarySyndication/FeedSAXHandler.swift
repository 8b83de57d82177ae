import CLibXML2
import Foundation

/// The attributes of one SAX2 start tag: libxml2's five pointers per attribute
/// (local name, prefix, URI, value start, value end), read without copying.
@unsafe struct FeedAttributes {
    let count: Int
    let pointers: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?

    /// The value of the unprefixed attribute `name`.
    subscript(name: StaticString) -> String? {
        unsafe bytes(name).map(Self.text)
    }

    /// An attribute's value as text. libxml2, substituting no entities, hands `&amp;` in an
    /// attribute on as `&#38;` (a reference left for a pass that never comes; `&lt;` and the
    /// others it decodes), so `&#38;` reads as the `&` the document wrote.
    static func text(_ value: UnsafeBufferPointer<UInt8>) -> String {
        let text = unsafe String(decoding: value, as: UTF8.self)
        return unsafe value.contains(UInt8(ascii: "&")) ? text.replacingOccurrences(of: "&#38;", with: "&") : text
    }

    /// The bytes of the unprefixed attribute `name`'s value, valid during the callback.
    /// Names are static strings: compared in place, never copied into a C string.
    func bytes(_ name: StaticString) -> UnsafeBufferPointer<UInt8>? {
        let cName = unsafe UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
        return unsafe value { localName, uri in unsafe uri == nil && strcmp(localName, cName) == 0 }
    }

    /// The bytes of the attribute `name` in the namespace `uri`, valid during the callback.
    func bytes(_ name: StaticString, namespace uri: StaticString) -> UnsafeBufferPointer<UInt8>? {
        guard unsafe count > 0 else { return nil }
        let cName = unsafe UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
        let cURI = unsafe UnsafeRawPointer(uri.utf8Start).assumingMemoryBound(to: CChar.self)
        return unsafe value { localName, namespace in
            unsafe namespace.map { unsafe strcmp($0, cURI) == 0 } ?? false && strcmp(localName, cName) == 0
        }
    }

    /// Whether the attribute `name` is `expected`, or absent and `expected` is its default.
    func value(_ name: StaticString, is expected: StaticString, byDefault: Bool = false) -> Bool {
        guard let value = unsafe bytes(name) else { return byDefault }
        return unsafe value.elementsEqual(
            UnsafeBufferPointer(start: expected.utf8Start, count: expected.utf8CodeUnitCount))
    }

    /// The value of `xml:base`, when present.
    var xmlBase: String? {
        guard unsafe count > 0 else { return nil }
        return unsafe value { localName, uri in
            unsafe uri != nil && strcmp(localName, "base") == 0
                && strcmp(uri!, "http://www.w3.org/XML/1998/namespace") == 0
        }.map(unsafe Self.text)
    }

    private func value(where matches: (UnsafePointer<CChar>, UnsafePointer<CChar>?) -> Bool) -> UnsafeBufferPointer<
        UInt8
    >? {
        guard let pointers = unsafe pointers else { return nil }
        for index in unsafe 0..<count {
            let base = index * 5
            guard let localName = unsafe pointers[base], let start = unsafe pointers[base + 3],
                let end = unsafe pointers[base + 4]
            else {
                continue
            }
            let uri = unsafe pointers[base + 2].map { unsafe UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
            guard unsafe matches(UnsafeRawPointer(localName).assumingMemoryBound(to: CChar.self), uri) else { continue }
            return unsafe UnsafeBufferPointer(start: start, count: end - start)
        }
        return nil
    }
}

/// An entity's value as libxml2 hands it on (its character references decoded).
enum FeedEntityValue {
    /// Whether the value refers to an entity other than XML's five predefined ones: an
    /// entity built of others, the shape of an expansion bomb (`&#38;#38;`, `&lt;` are not).
    static func refersToEntities(_ value: UnsafePointer<xmlChar>) -> Bool {
        var cursor = unsafe value
        while unsafe cursor.pointee != 0 {
            defer { unsafe cursor += 1 }
            guard unsafe cursor.pointee == 0x26, unsafe cursor[1] != 0x23 else { continue }
            var end = unsafe cursor + 1
            while unsafe end.pointee != 0, unsafe end.pointee != 0x3B { unsafe end += 1 }
            let name = unsafe String(
                decoding: UnsafeBufferPointer(start: cursor + 1, count: end - cursor - 1), as: UTF8.self)
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
        var handler = unsafe xmlSAXHandler()
        unsafe handler.initialized = UInt32(XML_SAX2_MAGIC)
        unsafe handler.startElementNs = {
            context, localName, prefix, uri, namespaceCount, namespaces, attributeCount, _, attributes in
            guard let localName = unsafe localName else { return }
            unsafe withFeedReader(context) { reader in
                let attributes = unsafe FeedAttributes(count: Int(attributeCount), pointers: attributes)
                unsafe reader.startElement(localName, uri, attributes) { outline in
                    unsafe outline.opened(
                        localName, prefix: prefix, namespaceCount: Int(namespaceCount), namespaces: namespaces,
                        xmlBase: attributes.xmlBase)
                }
            }
        }
        unsafe handler.endElementNs = { context, _, _, _ in unsafe withFeedReader(context) { unsafe $0.endElement() } }
        unsafe handler.characters = { context, bytes, count in
            if let bytes = unsafe bytes { unsafe withFeedReader(context) { unsafe $0.characters(bytes, Int(count)) } }
        }
        unsafe handler.cdataBlock = unsafe handler.characters
        unsafe handler.entityDecl = { context, name, _, publicID, systemID, content in
            let external =
                unsafe systemID.map { unsafe String(cString: $0) } ?? publicID.map { unsafe String(cString: $0) }
            let nested = unsafe content.map { unsafe FeedEntityValue.refersToEntities(UnsafePointer($0)) } ?? false
            let entity = unsafe name.map { unsafe String(cString: $0) } ?? "?"
            unsafe withFeedReader(context) {
                unsafe $0.noteEntityDeclaration(name: entity, external: external, nested: nested)
            }
        }
        unsafe handler.serror = { context, error in
            guard let context = unsafe context, let message = unsafe error?.pointee.message else { return }
            unsafe withFeedReader(context) { unsafe $0.noteError(String(cString: message)) }
        }
        return unsafe handler
    }
}

/// Calls `body` with the reader, which its caller keeps alive for the whole
/// parse, without retaining and releasing it around each of a feed's million callbacks.
private func withFeedReader(_ context: UnsafeMutableRawPointer?, _ body: (FeedXMLReader) -> Void) {
    unsafe Unmanaged<FeedXMLReader>.fromOpaque(context!)._withUnsafeGuaranteedRef(body)
}
