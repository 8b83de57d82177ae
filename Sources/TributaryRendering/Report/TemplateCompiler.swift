/// Reads Mustache text into `TemplateNode`s for the constructs the report's template uses:
/// text, `{{name}}`, `{{{name}}}`, `{{&name}}`, `{{.}}`, sections, inverted sections,
/// comments, and the `count(…)` and `empty(…)` transforms. Whitespace follows
/// swift-mustache's parser step for step (standalone lines, the indentation it keeps),
/// so both give the same page. Anything else (partials, dotted names, other transforms,
/// delimiters, pragmas, characters of more than one scalar) throws `Unsupported`, and
/// swift-mustache renders that template instead.
struct TemplateCompiler {
    struct Unsupported: Error {}

    private let scalars: [Unicode.Scalar]
    private var position = 0

    /// The nodes of `text`, which swift-mustache has already parsed without error.
    static func compile(_ text: String) throws -> [TemplateNode] {
        // One scalar per Character: swift-mustache reads Characters, this reads scalars.
        guard text.unicodeScalars.count == text.count else { throw Unsupported() }
        var compiler = TemplateCompiler(scalars: Array(text.unicodeScalars))
        return try compiler.parse(section: nil, startsLine: true)
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private var atEnd: Bool { position == scalars.count }
    /// The current scalar, or NUL at the end (as swift-mustache's parser answers).
    private var current: Unicode.Scalar { atEnd ? "\0" : scalars[position] }

    /// The nodes up to the end of `section` (or of the text), as swift-mustache's
    /// `MustacheTemplate.parse(_:state:)` would tokenise them.
    private mutating func parse(section: String?, startsLine: Bool) throws -> [TemplateNode] {
        var nodes = TemplateNodes()
        var newLine = startsLine
        var indentation = ""
        while !atEnd {
            if newLine { indentation = read { $0 == " " || $0 == "\t" } }
            let text = try readText()
            if Self.isNewline(current) {
                nodes.append(text: indentation + text + String(current))
                newLine = true
                position += 1
                continue
            }
            if !text.isEmpty {
                nodes.append(text: indentation + text)
                indentation = ""
                newLine = false
            }
            if atEnd { break }
            var standalone = false
            switch current {
            case "#", "^":
                let inverted = current == "^"
                position += 1
                let name = try readName()
                standalone = newLine && lineFinished()
                if !standalone { nodes.flush(&indentation) }
                let children = try parse(section: name.source, startsLine: standalone)
                nodes.append(.section(name, inverted: inverted, children))
            case "/":
                position += 1
                guard try readName().source == section else { throw Unsupported() }
                if !(newLine && lineFinished()) { nodes.flush(&indentation) }
                return nodes.nodes
            case "!":
                try skipComment()
                standalone = newLine && lineFinished()
            case "{", "&":
                nodes.flush(&indentation)
                let isTriple = current == "{"
                position += 1
                let name = try readName()
                if isTriple { guard try read("}") else { throw Unsupported() } }
                nodes.append(.variable(name, escaped: false))
            case ">", "<", "$", "=", "%":
                throw Unsupported()
            default:
                nodes.flush(&indentation)
                nodes.append(.variable(try readName(), escaped: true))
            }
            newLine = standalone
        }
        guard section == nil else { throw Unsupported() }
        return nodes.nodes
    }

    /// Text up to a newline or just past `{{`.
    private mutating func readText() throws -> String {
        var text = read { $0 != "\n" && $0 != "{" }
        while !atEnd && !Self.isNewline(current) {
            guard position + 2 <= scalars.count else { throw Unsupported() }
            if try read("{{") { break }
            text += "{"
            position += 1
            text += read { $0 != "\n" && $0 != "{" }
        }
        return text
    }

    /// A tag's name up to and past `}}`: `name`, `.` or `transform(name)`.
    private mutating func readName() throws -> TemplateName {
        _ = read(while: \.properties.isWhitespace)
        let source = read { Self.nameCharacters.contains($0) }
        _ = read(while: \.properties.isWhitespace)
        guard try read("}}") else { throw Unsupported() }
        return try TemplateName(source)
    }

    private mutating func skipComment() throws {
        while !atEnd {
            if scalars[position] == "}" && position + 1 < scalars.count && scalars[position + 1] == "}" {
                position += 2
                return
            }
            position += 1
        }
        throw Unsupported()
    }

    /// Whether only spaces and tabs are left on the line; if so, moves past its newline.
    private mutating func lineFinished() -> Bool {
        if atEnd { return true }
        var end = position
        while end < scalars.count && (scalars[end] == " " || scalars[end] == "\t") { end += 1 }
        guard end < scalars.count && Self.isNewline(scalars[end]) else { return false }
        position = end + 1
        return true
    }

    private mutating func read(while accepts: (Unicode.Scalar) -> Bool) -> String {
        var text = String.UnicodeScalarView()
        while !atEnd && accepts(scalars[position]) {
            text.append(scalars[position])
            position += 1
        }
        return String(text)
    }

    /// Moves past `expected` when the text continues with it.
    private mutating func read(_ expected: String) throws -> Bool {
        let wanted = Array(expected.unicodeScalars)
        guard position + wanted.count <= scalars.count else { throw Unsupported() }
        guard Array(scalars[position..<position + wanted.count]) == wanted else { return false }
        position += wanted.count
        return true
    }

    /// `Character.isNewline` for a single scalar.
    private static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    private static let nameCharacters = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*".unicodeScalars)
}

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
private struct TemplateNodes {
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
