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
        guard data.count < Int(Int32.max), let context = htmlNewParserCtxt() else { return nil }
        defer { htmlFreeParserCtxt(context) }
        let document = data.withUnsafeBytes { bytes in
            htmlCtxtReadMemory(
                context, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil,
                utf8 ? "UTF-8" : nil, options)
        }
        guard let document else { return nil }
        defer { xmlFreeDoc(document) }
        let cut = xmlCtxtGetLastError(context).map { error in
            error.pointee.message.map { String(cString: $0).contains("Excessive depth") } ?? false
        }
        return Reading(tree: copy(document, maxDepth: maxDepth), cutAtDepth: cut ?? false)
    }

    /// Walks libxml2's tree without recursion, copying elements and text.
    private static func copy(_ document: htmlDocPtr, maxDepth: Int) -> PageTree {
        var tree = PageTree()
        var pending: [(node: xmlNodePtr, parent: Int, depth: Int)] = []
        pushChildren(of: document.pointee.last, parent: PageTree.root, depth: 1, onto: &pending)
        while let (node, parent, depth) = pending.popLast() {
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                if depth > maxDepth {
                    pushChildren(of: node.pointee.last, parent: parent, depth: depth, onto: &pending)
                } else {
                    let name = String(cString: node.pointee.name).lowercased()
                    let index = tree.append(name, attributes: attributes(of: node), to: parent)
                    pushChildren(of: node.pointee.last, parent: index, depth: depth + 1, onto: &pending)
                }
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = node.pointee.content {
                    tree.append("", text: String(cString: content), to: parent)
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
        var child = last
        while let node = child {
            pending.append((node, parent, depth))
            child = node.pointee.prev
        }
    }

    private static func attributes(of node: xmlNodePtr) -> [PageTree.Attribute] {
        var result: [PageTree.Attribute] = []
        var property = node.pointee.properties
        while let attribute = property {
            var value = ""
            var part = attribute.pointee.children
            while let text = part {
                if let content = text.pointee.content { value += String(cString: content) }
                part = text.pointee.next
            }
            result.append(PageTree.Attribute(name: String(cString: attribute.pointee.name).lowercased(), value: value))
            property = attribute.pointee.next
        }
        return result
    }
}
