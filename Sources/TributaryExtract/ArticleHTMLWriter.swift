/// Writes the article's nodes as cleaned HTML: only `HTMLAllowlist`'s elements and
/// attributes, every text and attribute escaped, links and images absolute (lazy images
/// read from their `data-src`), images loaded lazily. Recursive; the reader's depth cap
/// bounds it. Writes UTF-8 bytes, made a `String` once.
struct ArticleHTMLWriter {
    let tree: PageTree
    let addresses: ArticleAddresses
    private var bytes: [UInt8] = []

    init(tree: PageTree, addresses: ArticleAddresses) {
        self.tree = tree
        self.addresses = addresses
    }

    /// What has been written.
    var html: String { String(decoding: bytes, as: UTF8.self) }

    mutating func write(_ index: Int) {
        if tree.nodes[index].isText {
            Self.appendEscaped(tree.nodes[index].text, to: &bytes)
            return
        }
        let node = tree.nodes[index]
        switch HTMLAllowlist.rule(for: node.name) {
        case .dropped: return
        case .unwrapped: writeChildren(of: node)
        case .kept(let name, let allowed, let isVoid):
            guard let attributes = attributes(of: node, allowed: allowed) else {
                if node.name != "img" { writeChildren(of: node) }
                return
            }
            bytes.append(UInt8(ascii: "<"))
            bytes.append(contentsOf: name.utf8)
            for (attribute, value) in attributes {
                bytes.append(UInt8(ascii: " "))
                bytes.append(contentsOf: attribute.utf8)
                bytes.append(contentsOf: "=\"".utf8)
                Self.appendEscaped(value, to: &bytes)
                bytes.append(UInt8(ascii: "\""))
            }
            bytes.append(UInt8(ascii: ">"))
            guard !isVoid else { return }
            writeChildren(of: node)
            bytes.append(contentsOf: "</".utf8)
            bytes.append(contentsOf: name.utf8)
            bytes.append(UInt8(ascii: ">"))
        }
    }

    private mutating func writeChildren(of node: PageTree.Node) {
        for child in node.children { write(child) }
    }

    /// The attributes kept, in order; nil when the element must go (a link or an image
    /// whose address is refused: the link's text stays).
    private func attributes(of node: PageTree.Node, allowed: Set<String>) -> [(String, String)]? {
        var kept: [(String, String)] = []
        for attribute in node.attributes where allowed.contains(attribute.name) {
            switch attribute.name {
            case "href", "src": continue
            default: kept.append((attribute.name, attribute.value))
            }
        }
        switch node.name {
        case "a":
            guard let href = node.attribute("href"),
                let url = addresses.resolve(href, schemes: HTMLAllowlist.linkSchemes)
            else { return nil }
            kept.insert(("href", url), at: 0)
        case "img":
            guard let url = imageSource(node) else { return nil }
            kept.insert(("src", url), at: 0)
            kept.append(("loading", "lazy"))
        default: break
        }
        return kept
    }

    private func imageSource(_ node: PageTree.Node) -> String? {
        let candidates =
            HTMLAllowlist.lazyImageSources.compactMap(node.attribute) + [node.attribute("src")].compactMap { $0 }
        return candidates.lazy.compactMap { addresses.resolve($0, schemes: HTMLAllowlist.imageSchemes) }.first
    }

    static func escaped(_ text: String) -> String {
        var result: [UInt8] = []
        appendEscaped(text, to: &result)
        return String(decoding: result, as: UTF8.self)
    }

    /// Appends `text` with `&`, `<`, `>`, `"` and `'` as character references; text
    /// without them (most of it) is copied whole.
    static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        guard text.utf8.contains(where: needsEscaping) else {
            bytes.append(contentsOf: text.utf8)
            return
        }
        bytes.reserveCapacity(bytes.count + text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): bytes.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): bytes.append(contentsOf: "&#39;".utf8)
            default: bytes.append(byte)
            }
        }
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
