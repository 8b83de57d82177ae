/// The text length (whitespace runs counted as one character), the length inside links
/// (`#fragment` links counted at 0.3, as Readability does, `javascript:` ones not at all)
/// and the comma count under every node of a subtree, measured in one pass.
struct TextMeasure {
    private(set) var length: [Int]
    private(set) var linkLength: [Double]
    private(set) var commas: [Int]

    /// Commas of the Latin, Arabic, Chinese and other scripts.
    static let commaScalars: Set<Unicode.Scalar> = [
        "\u{002C}", "\u{060C}", "\u{FE50}", "\u{FE10}", "\u{FE11}", "\u{2E41}", "\u{2E34}", "\u{2E32}", "\u{FF0C}",
    ]

    /// The length and commas of one run of text, as a text node keeps them.
    struct Run: Sendable {
        var length: Int32 = 0
        var commas: Int32 = 0

        init() {}

        init(_ text: String) {
            let (length, commas) = TextMeasure.measure(text)
            self.length = Int32(clamping: length)
            self.commas = Int32(clamping: commas)
        }
    }

    init(_ tree: PageTree, under top: Int) {
        length = Array(repeating: 0, count: tree.nodes.count)
        linkLength = Array(repeating: 0, count: tree.nodes.count)
        commas = Array(repeating: 0, count: tree.nodes.count)
        var order: [Int] = []
        tree.walk(from: top) { index in
            order.append(index)
            return true
        }
        for index in order.reversed() {
            if tree.nodes[index].isText {
                length[index] = Int(tree.nodes[index].measure.length)
                commas[index] = Int(tree.nodes[index].measure.commas)
                continue
            }
            var total = 0
            var linked = 0.0
            var commaCount = 0
            for child in tree.nodes[index].children {
                total += length[child]
                linked += linkLength[child]
                commaCount += commas[child]
            }
            if tree.nodes[index].name == "a" {
                linked = Double(total) * Self.linkWeight(href: tree.nodes[index].attribute("href"))
            }
            length[index] = total
            linkLength[index] = linked
            commas[index] = commaCount
        }
    }

    /// Characters (each whitespace run one) and commas in a text node; ASCII text is
    /// counted by its bytes.
    static func measure(_ text: String) -> (Int, Int) {
        var count = 0
        var commaCount = 0
        var inSpace = false
        var ascii = true
        for byte in text.utf8 {
            guard byte < 0x80 else {
                ascii = false
                break
            }
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                if !inSpace { count += 1 }
                inSpace = true
            } else {
                count += 1
                inSpace = false
                if byte == UInt8(ascii: ",") { commaCount += 1 }
            }
        }
        return ascii ? (count, commaCount) : measureScalars(text)
    }

    private static func measureScalars(_ text: String) -> (Int, Int) {
        var count = 0
        var commaCount = 0
        var inSpace = false
        for scalar in text.unicodeScalars {
            if isWhitespace(scalar) {
                if !inSpace { count += 1 }
                inSpace = true
            } else {
                count += 1
                inSpace = false
                if commaScalars.contains(scalar) { commaCount += 1 }
            }
        }
        return (count, commaCount)
    }

    /// How much of a link's text counts as linked: a `#fragment` 0.3 (Readability's
    /// figure), a `javascript:` link none (it leads nowhere, and the writers keep only
    /// its text), any other all.
    static func linkWeight(href: String?) -> Double {
        guard let href else { return 1 }
        if href.hasPrefix("#") { return 0.3 }
        let scheme = ArticleAddresses.stripped(href).utf8.prefix(11)
        return ElementPatterns.lowercased(String(decoding: scheme, as: UTF8.self)).elementsEqual("javascript:".utf8)
            ? 0 : 1
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }

    func linkDensity(_ index: Int) -> Double {
        let total = length[index]
        return total > 0 ? min(1, linkLength[index] / Double(total)) : 0
    }
}
