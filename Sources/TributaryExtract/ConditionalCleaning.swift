/// Readability's "clean conditionally" for some element names (in turn, each innermost
/// first, measured once before the first): an element goes when its
/// weight is negative, or (with fewer than ten commas) when it looks like a gallery, a
/// link list, a form, a lone embed or a scrap: more images than paragraphs, more list
/// items than paragraphs, inputs, a high link density, or little text. Data tables and
/// what holds one stay.
struct ConditionalCleaning {
    var tree: PageTree
    let container: Int
    let weighClasses: Bool

    mutating func run(on names: [String]) {
        let measure = TextMeasure(tree, under: container)
        for name in names {
            for index in tree.all(name, under: container).reversed() where shouldRemove(index, measure: measure) {
                tree.detach(index)
            }
        }
    }

    private func shouldRemove(_ index: Int, measure: TextMeasure) -> Bool {
        let node = tree[index]
        if node.name == "table" && DataTable.isDataTable(tree, index) { return false }
        if tree.hasAncestor(index, named: "code") || tree.hasAncestor(index, named: "pre") { return false }
        if tree.all("table", under: index).contains(where: { DataTable.isDataTable(tree, $0) }) { return false }
        let weight = weighClasses ? ElementPatterns.classWeight(node) : 0
        if weight < 0 { return true }
        if measure.commas[index] >= 10 { return false }
        let isList = node.name == "ul" || node.name == "ol"
        let counts = elementCounts(under: index)
        let paragraphs = Double(counts["p", default: 0])
        let images = Double(counts["img", default: 0])
        let items = Double(counts["li", default: 0]) - 100
        let inputs = Double(counts["input", default: 0])
        let length = measure.length[index]
        let density = measure.linkDensity(index)
        let inFigure = tree.hasAncestor(index, named: "figure")
        if !inFigure && images > 1 && paragraphs / images < 0.5 { return true }
        if !isList && items > paragraphs { return true }
        if inputs > (paragraphs / 3).rounded(.down) { return true }
        if !isList && !inFigure && length < 25 && (images == 0 || images > 2) && density > 0 { return true }
        if !isList && weight < 25 && density > 0.2 { return true }
        if weight >= 25 && density > 0.5 { return true }
        return images == 0 && length == 0
    }

    static let counted: Set<String> = ["p", "img", "li", "input"]

    private func elementCounts(under index: Int) -> [String: Int] {
        var counts: [String: Int] = [:]
        tree.walk(from: index) { child in
            let name = tree[child].name
            if Self.counted.contains(name) { counts[name, default: 0] += 1 }
            return true
        }
        return counts
    }
}

/// Readability's test for a table of data rather than of layout.
enum DataTable {
    static func isDataTable(_ tree: PageTree, _ index: Int) -> Bool {
        let node = tree[index]
        if node.attribute("role") == "presentation" || node.attribute("datatable") == "0" { return false }
        if node.attribute("summary") != nil { return true }
        if ["caption", "col", "colgroup", "tfoot", "thead", "th"].contains(where: {
            tree.first($0, under: index) != nil
        }) {
            return true
        }
        if !tree.all("table", under: index).dropFirst().isEmpty { return false }
        let rows = tree.all("tr", under: index)
        let columns =
            rows.map { row in tree[row].children.filter { ["td", "th"].contains(tree[$0].name) }.count }.max() ?? 0
        return rows.count >= 10 || columns > 4 || rows.count * columns > 10
    }
}
