import CLibXML2
import Foundation

/// The one file that touches libxml2: parses a page with its HTML parser (error recovery
/// on, no network, no external entities) and copies the tree into a `PageTree` of Swift
/// values. Comments, processing instructions and the doctype are left out. libxml2 stops
/// reading at 256 levels of nesting (without `XML_PARSE_HUGE`, which is never set), which
/// `Reading.cutAtDepth` reports; elements deeper than `maxDepth` are flattened into their
/// ancestor at that depth whatever libxml2's limit, so the writers' recursion is bounded.
enum LibXMLPageReader {
    struct Reading {
        var tree: PageTree
        /// libxml2 stopped at its nesting limit: what followed is missing.
        var cutAtDepth: Bool
    }

    static let options = Int32(
        bitPattern: HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue)

    /// The page's tree; nil when libxml2 produced no document at all. `utf8` forces the
    /// encoding (for bytes known to be UTF-8); otherwise libxml2 reads the page's own
    /// `<meta charset>`.
    static func read(_ data: Data, utf8: Bool, maxDepth: Int) -> Reading? {
        guard data.count < Int(Int32.max), let context = unsafe htmlNewParserCtxt() else { return nil }
        defer { unsafe htmlFreeParserCtxt(context) }
        let document = unsafe data.withUnsafeBytes { bytes in
            unsafe htmlCtxtReadMemory(
                context, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil,
                utf8 ? "UTF-8" : nil, options)
        }
        guard let document = unsafe document else { return nil }
        defer { unsafe xmlFreeDoc(document) }
        let cut = unsafe xmlCtxtGetLastError(context).map { error in
            unsafe error.pointee.message.map { unsafe String(cString: $0).contains("Excessive depth") } ?? false
        }
        return unsafe Reading(tree: copy(document, maxDepth: maxDepth), cutAtDepth: cut ?? false)
    }

    /// Walks libxml2's tree without recursion, copying elements and text.
    private static func copy(_ document: htmlDocPtr, maxDepth: Int) -> PageTree {
        var tree = PageTree()
        var pending: [(node: xmlNodePtr, parent: Int, depth: Int)] = unsafe []
        unsafe pushChildren(of: document.pointee.last, parent: PageTree.root, depth: 1, onto: &pending)
        while let (node, parent, depth) = unsafe pending.popLast() {
            switch unsafe node.pointee.type {
            case XML_ELEMENT_NODE:
                if depth > maxDepth {
                    unsafe pushChildren(of: node.pointee.last, parent: parent, depth: depth, onto: &pending)
                } else {
                    let name = unsafe String(cString: node.pointee.name).lowercased()
                    let index = unsafe tree.append(name, attributes: attributes(of: node), to: parent)
                    unsafe pushChildren(of: node.pointee.last, parent: index, depth: depth + 1, onto: &pending)
                }
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = unsafe node.pointee.content {
                    unsafe tree.append("", text: String(cString: content), to: parent)
                }
            default: break
            }
        }
        return tree
    }

    /// Pushes a node list from its last node back, so the first child is popped first.
    private static func pushChildren(
        of last: xmlNodePtr?, parent: Int, depth: Int, onto pending: inout [(node: xmlNodePtr, parent: Int, depth: Int)]
    ) {
        var child = unsafe last
        while let node = unsafe child {
            unsafe pending.append((node, parent, depth))
            unsafe child = unsafe node.pointee.prev
        }
    }

    private static func attributes(of node: xmlNodePtr) -> [PageTree.Attribute] {
        var result: [PageTree.Attribute] = []
        var property = unsafe node.pointee.properties
        while let attribute = unsafe property {
            var value = ""
            var part = unsafe attribute.pointee.children
            while let text = unsafe part {
                if let content = unsafe text.pointee.content { unsafe value += String(cString: content) }
                unsafe part = unsafe text.pointee.next
            }
            unsafe result.append(
                PageTree.Attribute(name: String(cString: attribute.pointee.name).lowercased(), value: value))
            unsafe property = unsafe attribute.pointee.next
        }
        return result
    }
}
