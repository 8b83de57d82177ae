import CLibXML2
import Foundation

/// How a feed document is laid out around its entries, as the first entry shows it: the
/// elements open around it (root, channel…) with their namespace declarations and
/// `xml:base`, and how the entry's own start tag is spelt. Enough for a second reader to
/// read a later part of the document on its own, behind a `preamble` that reopens them.
struct FeedOutline {
    struct Element {
        let name: String
        /// `xmlns` declarations as written: prefix (nil for the default namespace) and URI.
        let namespaces: [(prefix: String?, uri: String)]
        let xmlBase: String?
    }

    /// The elements open now; kept until the first entry starts, then frozen.
    private var open: [Element] = []
    /// The entries' ancestors, outermost first, once the first entry has started.
    private(set) var ancestors: [Element]?
    /// The first entry's qualified name (`item`, `entry`, `atom:entry`).
    private(set) var entryName: String?

    var isComplete: Bool { ancestors != nil }

    /// Records an element opened before the first entry.
    mutating func opened(
        _ localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, namespaceCount: Int,
        namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, xmlBase: String?
    ) {
        guard !isComplete else { return }
        let local = unsafe String(cString: localName)
        let name = unsafe prefix.map { unsafe String(cString: $0) + ":" + local } ?? local
        let declared = (0..<namespaceCount).compactMap { index -> (prefix: String?, uri: String)? in
            guard let uri = unsafe namespaces?[index * 2 + 1] else { return nil }
            return unsafe (namespaces?[index * 2].map { unsafe String(cString: $0) }, unsafe String(cString: uri))
        }
        open.append(Element(name: name, namespaces: declared, xmlBase: xmlBase))
    }

    /// Records the element at the top closing (before the first entry).
    mutating func closed() {
        guard !isComplete, !open.isEmpty else { return }
        open.removeLast()
    }

    /// Freezes the outline at the start of the first entry (the element opened last).
    mutating func firstEntryStarted() {
        guard !isComplete, let entry = open.popLast() else { return }
        ancestors = open
        entryName = entry.name
        open = []
    }

    /// An XML declaration and the ancestors' start tags, as UTF-8: what precedes an
    /// entry, so that a reader given this and then a run of whole entries reads them as
    /// the document does.
    func preamble() -> [UInt8] {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        for element in ancestors ?? [] {
            text += "<" + element.name
            for (prefix, uri) in element.namespaces {
                text += " xmlns" + (prefix.map { ":" + $0 } ?? "") + "=\"" + Self.escaped(uri) + "\""
            }
            if let base = element.xmlBase { text += " xml:base=\"" + Self.escaped(base) + "\"" }
            text += ">"
        }
        return Array(text.utf8)
    }

    private static func escaped(_ value: String) -> String {
        value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }
}
