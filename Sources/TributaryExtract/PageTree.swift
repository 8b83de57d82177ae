/// A parsed HTML page as plain Swift values: every node in one array, each naming its
/// parent and children by index. The extractor reads and reshapes this tree; only
/// `LibXMLPageReader` touches libxml2.
public struct PageTree: Sendable {
    /// An element (`name` lower-cased, `text` empty) or a run of text (`name` empty).
    public struct Node: Sendable {
        public var name: String
        public var attributes: [Attribute]
        public var text: String { didSet { measure = TextMeasure.Run(text) } }
        public var parent: Int
        public var children: [Int]
        /// The text's length and commas, measured once (the extractor sums them often).
        private(set) var measure: TextMeasure.Run

        init(name: String, attributes: [Attribute], text: String, parent: Int, children: [Int]) {
            self.name = name
            self.attributes = attributes
            self.text = text
            self.parent = parent
            self.children = children
            measure = text.isEmpty ? TextMeasure.Run() : TextMeasure.Run(text)
        }

        public var isText: Bool { name.isEmpty }

        /// The value of the attribute `name` (lower-case), if the element has it.
        public func attribute(_ name: String) -> String? {
            attributes.first { $0.name == name }?.value
        }
    }

    /// One attribute of an element, its name lower-cased.
    public struct Attribute: Sendable, Equatable {
        public var name: String
        public var value: String
    }

    /// The nodes; the document root (`#document`) is index 0, and its parent is -1.
    public var nodes: [Node]

    /// A tree holding only the document root.
    public init() {
        nodes = [Node(name: "#document", attributes: [], text: "", parent: -1, children: [])]
    }

    public static let root = 0

    /// Adds a node as the last child of `parent` and returns its index.
    @discardableResult
    public mutating func append(
        _ name: String, attributes: [Attribute] = [], text: String = "", to parent: Int
    ) -> Int {
        let index = nodes.count
        nodes.append(Node(name: name, attributes: attributes, text: text, parent: parent, children: []))
        nodes[parent].children.append(index)
        return index
    }

    public subscript(index: Int) -> Node {
        _read { yield nodes[index] }
        _modify { yield &nodes[index] }
    }

    /// The first element named `name` at or under `start`, in document order.
    public func first(_ name: String, under start: Int = root) -> Int? {
        var found: Int?
        walk(from: start) { index in
            if found == nil && nodes[index].name == name { found = index }
            return found == nil
        }
        return found
    }

    /// Every element named `name` under `start`, in document order.
    public func all(_ name: String, under start: Int = root) -> [Int] {
        var found: [Int] = []
        walk(from: start) { index in
            if nodes[index].name == name { found.append(index) }
            return true
        }
        return found
    }

    /// Visits `start` and the nodes under it in document order; `visit` returns false to
    /// skip a node's children. Iterative, so depth costs no stack.
    public func walk(from start: Int, _ visit: (Int) -> Bool) {
        var stack = [start]
        while let index = stack.popLast() {
            guard visit(index) else { continue }
            stack.append(contentsOf: nodes[index].children.reversed())
        }
    }

    /// The text under `start`, its whitespace runs collapsed to one space and trimmed.
    public func text(under start: Int) -> String {
        var pieces = ""
        walk(from: start) { index in
            if nodes[index].isText { pieces += nodes[index].text }
            return true
        }
        return Self.collapsingWhitespace(pieces)
    }

    /// `text` with each run of whitespace made one space, trimmed at both ends.
    public static func collapsingWhitespace(_ text: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if TextMeasure.isWhitespace(scalar) {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result.append(0x20) }
            pendingSpace = false
            if scalar.isASCII {
                result.append(UInt8(scalar.value))
            } else {
                result.append(contentsOf: UTF8.encode(scalar)!)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Whether any text under `start` is more than whitespace.
    public func hasText(under start: Int) -> Bool {
        var found = false
        walk(from: start) { index in
            if nodes[index].isText
                && nodes[index].text.unicodeScalars.contains(where: { !TextMeasure.isWhitespace($0) })
            {
                found = true
            }
            return !found
        }
        return found
    }

    /// Whether an element named `name` is among the ancestors of `index`.
    public func hasAncestor(_ index: Int, named name: String) -> Bool {
        var current = nodes[index].parent
        while current >= 0 {
            if nodes[current].name == name { return true }
            current = nodes[current].parent
        }
        return false
    }

    /// Takes `index` out of its parent's children (the node stays in `nodes`, unreachable).
    public mutating func detach(_ index: Int) {
        let parent = nodes[index].parent
        guard parent >= 0 else { return }
        nodes[parent].children.removeAll { $0 == index }
        nodes[index].parent = -1
    }
}

extension PageTree {
    /// Moves `nodes` (in order) into a new `div` outside the document and returns it.
    mutating func adopt(_ nodes: [Int]) -> Int {
        let container = self.nodes.count
        self.nodes.append(Node(name: "div", attributes: [], text: "", parent: -1, children: []))
        for node in nodes {
            detach(node)
            self.nodes[node].parent = container
            self.nodes[container].children.append(node)
        }
        return container
    }
}
