/// The report's template compiled by `TemplateCompiler` into a flat program of steps with
/// no reference-counted parts, rendered straight into UTF-8 bytes: no reflection, no
/// dynamic casts, one buffer for the page. It gives the page swift-mustache gives (see
/// `CompiledTemplateTests`).
struct CompiledTemplate: Sendable {
    /// The steps in order; a section's steps follow it, up to its `end`.
    let steps: [TemplateStep]
    /// The template's text, which `.text` steps point into.
    let text: [UInt8]

    /// The compiled `text`; throws `TemplateCompiler.Unsupported` for what it does not take.
    init(_ text: String) throws {
        var steps: [TemplateStep] = []
        var bytes: [UInt8] = []
        Self.flatten(try TemplateCompiler.compile(text), into: &steps, text: &bytes)
        self.steps = steps
        self.text = bytes
    }

    /// The page for `root` without the root's field `late`, which no other value may have;
    /// `Draft.pieces(filling:)` puts its value in afterwards. Throws `Unsupported` when the
    /// template uses `late` other than as a plain `{{late}}`, `{{{late}}}` or `{{&late}}`,
    /// or asks to print a list or an object (only swift-mustache does, as Swift describes them).
    func draft(_ root: TemplateValue, leavingOut late: ReportField) throws -> Draft {
        let usesPlainly = steps.allSatisfy { step in
            switch step {
            case .text: true
            case .variable(let key, _): key.field != late || key.transform == nil
            case .section(let key, _, _): key.field != late
            }
        }
        guard usesPlainly else { throw TemplateCompiler.Unsupported() }
        var writer = TemplateWriter(self, root: root, leavingOut: late)
        try writer.write(0..<steps.count)
        return Draft(bytes: writer.output, holes: writer.holes)
    }

    private static func flatten(_ nodes: [TemplateNode], into steps: inout [TemplateStep], text: inout [UInt8]) {
        for node in nodes {
            switch node {
            case .text(let bytes):
                steps.append(.text(text.count..<text.count + bytes.count))
                text += bytes
            case .variable(let name, let escaped):
                steps.append(.variable(name.key, escaped: escaped))
            case .section(let name, let inverted, let children):
                let index = steps.count
                steps.append(.section(name.key, inverted: inverted, end: index))
                flatten(children, into: &steps, text: &text)
                steps[index] = .section(name.key, inverted: inverted, end: steps.count)
            }
        }
    }
}

/// One step of a compiled template; copying one counts no references.
enum TemplateStep: Sendable {
    /// Bytes of `CompiledTemplate.text`.
    case text(Range<Int>)
    case variable(TemplateKey, escaped: Bool)
    /// The section's own steps run up to `end`.
    case section(TemplateKey, inverted: Bool, end: Int)
}

/// What a tag looks up: a field of the view, the current value (`.`), or nothing (a name
/// the view does not have), maybe with a transform around it.
struct TemplateKey: Sendable {
    enum Transform: String, Sendable {
        case count, empty
    }

    /// nil for `.` and for names the view does not have.
    let field: ReportField?
    let isCurrent: Bool
    let transform: Transform?
}

/// A rendered page with holes where a value left out goes.
struct Draft {
    struct Hole {
        let offset: Int
        let escaped: Bool
    }

    let bytes: [UInt8]
    let holes: [Hole]

    /// The page with `text` in every hole, as pieces to write one after another (a page
    /// of 100,000 items is 100 MB: joining them would copy it).
    func pieces(filling text: String) -> [ArraySlice<UInt8>] {
        var escaped: [UInt8] = []
        HTMLEscaping.append(text, to: &escaped)
        var pieces: [ArraySlice<UInt8>] = []
        var start = 0
        for hole in holes {
            pieces.append(bytes[start..<hole.offset])
            pieces.append(hole.escaped ? escaped[...] : Array(text.utf8)[...])
            start = hole.offset
        }
        pieces.append(bytes[start...])
        return pieces
    }
}
