/// The report's template compiled by `TemplateCompiler` and rendered straight into UTF-8
/// bytes: no reflection, no dynamic casts, one buffer for the page. It gives the same page
/// as swift-mustache (see `CompiledTemplateTests`), about 100 times faster.
struct CompiledTemplate: Sendable {
    let nodes: [TemplateNode]

    /// The compiled `text`; throws `TemplateCompiler.Unsupported` for what it does not take.
    init(_ text: String) throws {
        nodes = try TemplateCompiler.compile(text)
    }

    /// The page for `root`; throws `TemplateCompiler.Unsupported` when the template asks
    /// to print a list or an object, which only swift-mustache renders (as Swift describes them).
    func render(_ root: TemplateValue) throws -> String {
        let draft = try self.draft(root, leavingOut: nil)
        return String(decoding: draft.bytes, as: UTF8.self)
    }

    /// The page for `root` without the root's field `late`, which no other value may have;
    /// `Draft.filled(with:)` puts its value in afterwards. Throws `Unsupported` when the
    /// template uses `late` other than as a plain `{{late}}`, `{{{late}}}` or `{{&late}}`.
    func draft(_ root: TemplateValue, leavingOut late: String?) throws -> Draft {
        if let late, !Self.usesPlainly(late, in: nodes) { throw TemplateCompiler.Unsupported() }
        var writer = TemplateWriter(root: root, leavingOut: late)
        try writer.write(nodes)
        return Draft(bytes: writer.output, holes: writer.holes)
    }

    private static func usesPlainly(_ field: String, in nodes: [TemplateNode]) -> Bool {
        nodes.allSatisfy { node in
            switch node {
            case .text: true
            case .variable(let name, _): name.field != field || name.transform == nil
            case .section(let name, _, let children): name.field != field && usesPlainly(field, in: children)
            }
        }
    }
}

/// A rendered page with holes where a value left out goes.
struct Draft {
    struct Hole {
        let offset: Int
        let escaped: Bool
    }

    let bytes: [UInt8]
    let holes: [Hole]

    /// The page with `text` in every hole.
    func filled(with text: String) -> String {
        var page: [UInt8] = []
        page.reserveCapacity(bytes.count + holes.count * text.utf8.count * 2)
        var start = 0
        for hole in holes {
            page.append(contentsOf: bytes[start..<hole.offset])
            if hole.escaped {
                TemplateWriter.appendEscaped(text, to: &page)
            } else {
                page.append(contentsOf: text.utf8)
            }
            start = hole.offset
        }
        page.append(contentsOf: bytes[start...])
        return String(decoding: page, as: UTF8.self)
    }
}

indirect enum TemplateNode: Sendable {
    case text([UInt8])
    case variable(TemplateName, escaped: Bool)
    case section(TemplateName, inverted: Bool, [TemplateNode])
}

/// A tag's name: a field, `.` for the current value, and maybe a transform around it.
struct TemplateName: Sendable {
    enum Transform: String, Sendable {
        case count, empty
    }

    /// The name as written, to match a section's end.
    let source: String
    let field: String
    let transform: Transform?

    init(_ source: String) throws {
        self.source = source
        var field = source
        var transform: Transform?
        if let open = source.firstIndex(of: "("), source.hasSuffix(")") {
            transform = Transform(rawValue: String(source[..<open]))
            field = String(source[source.index(after: open)..<source.index(before: source.endIndex)])
            guard transform != nil else { throw TemplateCompiler.Unsupported() }
        }
        guard field == "." || (!field.isEmpty && !field.contains(where: { ".()".contains($0) })) else {
            throw TemplateCompiler.Unsupported()
        }
        self.field = field
        self.transform = transform
    }
}
