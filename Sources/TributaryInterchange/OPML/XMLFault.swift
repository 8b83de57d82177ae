import CLibXML2
import Foundation

/// The first place a document breaks the XML rules, found by a full libxml2 parse (no
/// network, no external entities): FoundationXML's parser reports success for a file
/// cut short, left unclosed or with more after its root element.
struct XMLFault: Equatable {
    let line: Int
    let column: Int

    /// The first fault in `data`; nil when it is well-formed.
    static func first(in data: Data) -> XMLFault? {
        guard data.count < Int(Int32.max), let context = unsafe xmlNewParserCtxt() else { return nil }
        defer { unsafe xmlFreeParserCtxt(context) }
        let options = Int32(
            bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let document = unsafe data.withUnsafeBytes { bytes in
            unsafe xmlCtxtReadMemory(
                context, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil, nil, options)
        }
        if let document = unsafe document { unsafe xmlFreeDoc(document) }
        guard unsafe context.pointee.wellFormed == 0, let error = unsafe xmlCtxtGetLastError(context) else {
            return nil
        }
        return unsafe XMLFault(line: Int(error.pointee.line), column: Int(error.pointee.int2))
    }
}
