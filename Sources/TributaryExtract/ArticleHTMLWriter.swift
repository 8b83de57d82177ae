/// Writes the article's nodes as cleaned HTML: only `HTMLAllowlist`'s elements and
/// attributes, every text and attribute escaped, links and images absolute (lazy images
/// read from their `data-src`), images loaded lazily. Recursive; the reader's depth cap
/// bounds it.
struct ArticleHTMLWriter {
    let tree: PageTree
    let addresses: ArticleAddresses
    private(set) var html = ""

    init(tree: PageTree, addresses: ArticleAddresses) {
        self.tree = tree
        self.addresses = addresses
    }

    static let writtenAsDiv: Set<String> = ["section", "article", "main", "header"]

    mutating func write(_ index: Int) {
        let node = tree[index]
        if node.isText {
            html += Self.escaped(node.text)
            return
        }
        guard !HTMLAllowlist.dropped.contains(node.name) else { return }
        let name = Self.writtenAsDiv.contains(node.name) ? "div" : node.name
        guard let allowed = HTMLAllowlist.attributes[name], let attributes = attributes(of: node, allowed: allowed)
        else {
            if node.name != "img" { writeChildren(of: node) }
            return
        }
        html += "<" + name
        for (attribute, value) in attributes { html += " \(attribute)=\"\(Self.escaped(value))\"" }
        html += ">"
        guard !HTMLAllowlist.void.contains(name) else { return }
        writeChildren(of: node)
        html += "</\(name)>"
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
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): result.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): result.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): result.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): result.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): result.append(contentsOf: "&#39;".utf8)
            default: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
