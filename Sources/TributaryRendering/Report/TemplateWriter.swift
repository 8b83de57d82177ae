/// Renders `TemplateNode`s with swift-mustache's semantics: a name is looked up from the
/// innermost value outwards; a list section repeats for each element, `true` renders once,
/// any other value renders once with that value innermost; an inverted section renders
/// for nil, `false` and an empty list. Values are HTML-escaped on their UTF-8 bytes.
struct TemplateWriter {
    private(set) var output: [UInt8] = []
    /// Where the field left out would have been written.
    private(set) var holes: [Draft.Hole] = []
    private var stack: [TemplateValue]
    private let leftOut: String?

    init(root: TemplateValue, leavingOut leftOut: String?) {
        stack = [root]
        self.leftOut = leftOut
        output.reserveCapacity(1 << 20)
    }

    mutating func write(_ nodes: [TemplateNode]) throws {
        for node in nodes {
            switch node {
            case .text(let bytes):
                output.append(contentsOf: bytes)
            case .variable(let name, let escaped) where name.field == leftOut:
                holes.append(Draft.Hole(offset: output.count, escaped: escaped))
            case .variable(let name, let escaped):
                if let value = lookUp(name) { try write(value, escaped: escaped) }
            case .section(let name, let inverted, let children):
                let value = lookUp(name)
                if inverted {
                    try writeInverted(children, for: value)
                } else {
                    try writeSection(children, for: value)
                }
            }
        }
    }

    private mutating func writeSection(_ children: [TemplateNode], for value: TemplateValue?) throws {
        switch value {
        case nil: return
        case .flag(let flag): if flag { try write(children) }
        case .list(let list):
            for index in 0..<list.count { try write(children, within: list.element(index)) }
        case let value?: try write(children, within: value)
        }
    }

    private mutating func writeInverted(_ children: [TemplateNode], for value: TemplateValue?) throws {
        switch value {
        case nil: try write(children)
        case .flag(let flag): if !flag { try write(children) }
        case .list(let list): if list.count == 0 { try write(children, within: .list(list)) }
        case .some: return
        }
    }

    private mutating func write(_ children: [TemplateNode], within value: TemplateValue) throws {
        stack.append(value)
        defer { stack.removeLast() }
        try write(children)
    }

    private func lookUp(_ name: TemplateName) -> TemplateValue? {
        guard let value = name.field == "." ? stack.last : find(name.field) else { return nil }
        guard let transform = name.transform else { return value }
        switch (transform, value) {
        case (.count, .list(let list)): return .integer(list.count)
        case (.empty, .list(let list)): return .flag(list.count == 0)
        case (.empty, .text(let text)): return .flag(text.isEmpty)
        default: return nil
        }
    }

    /// The innermost value's field called `field`.
    private func find(_ field: String) -> TemplateValue? {
        var index = stack.count
        while index > 0 {
            index -= 1
            if case .object(let object) = stack[index], let value = object.value(named: field) { return value }
        }
        return nil
    }

    private mutating func write(_ value: TemplateValue, escaped: Bool) throws {
        switch value {
        case .text(let text):
            if escaped {
                Self.appendEscaped(text, to: &output)
            } else {
                output.append(contentsOf: text.utf8)
            }
        case .integer(let number): output.append(contentsOf: String(number).utf8)
        case .decimal(let number): output.append(contentsOf: String(describing: number).utf8)
        case .flag(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .list, .object: throw TemplateCompiler.Unsupported()
        }
    }

    /// `text` with `<`, `>`, `&`, `"` and `'` replaced by entities, as swift-mustache's
    /// `htmlEscape()` does, but byte by byte: a quote followed by a combining mark is one
    /// Character to swift-mustache, which then leaves it as it is.
    static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        let bytes = text.utf8
        guard bytes.contains(where: { entity(for: $0) != nil }) else {
            output.append(contentsOf: bytes)
            return
        }
        for byte in bytes {
            if let entity = entity(for: byte) {
                output.append(contentsOf: entity.utf8)
            } else {
                output.append(byte)
            }
        }
    }

    private static func entity(for byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
    }
}
