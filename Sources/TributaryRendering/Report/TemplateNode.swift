/// A compiled tag or text, nested as the template nests its sections.
indirect enum TemplateNode {
    case text([UInt8])
    case variable(TemplateName, escaped: Bool)
    case section(TemplateName, inverted: Bool, [TemplateNode])
}

/// A tag's name as written (to match a section's end) and what it looks up.
struct TemplateName {
    let source: String
    let key: TemplateKey

    /// `name`, `.` or `transform(name)`; other forms (dotted names, other transforms) are `Unsupported`.
    init(_ source: String) throws {
        self.source = source
        var field = source
        var transform: TemplateKey.Transform?
        if let open = source.firstIndex(of: "("), source.hasSuffix(")") {
            transform = TemplateKey.Transform(rawValue: String(source[..<open]))
            field = String(source[source.index(after: open)..<source.index(before: source.endIndex)])
            guard transform != nil else { throw TemplateCompiler.Unsupported() }
        }
        guard field == "." || (!field.isEmpty && !field.contains(where: { ".()".contains($0) })) else {
            throw TemplateCompiler.Unsupported()
        }
        key = TemplateKey(field: ReportField(rawValue: field), isCurrent: field == ".", transform: transform)
    }
}

/// Nodes under construction: neighbouring texts are joined into one.
struct TemplateNodes {
    var nodes: [TemplateNode] = []

    mutating func append(text: String) {
        guard !text.isEmpty else { return }
        if case .text(let previous) = nodes.last {
            nodes[nodes.count - 1] = .text(previous + Array(text.utf8))
        } else {
            nodes.append(.text(Array(text.utf8)))
        }
    }

    mutating func append(_ node: TemplateNode) {
        nodes.append(node)
    }

    /// Appends pending indentation as text, as swift-mustache does before a tag that is not standalone.
    mutating func flush(_ indentation: inout String) {
        append(text: indentation)
        indentation = ""
    }
}
