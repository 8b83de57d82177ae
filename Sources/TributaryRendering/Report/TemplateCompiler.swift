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
        var line = Line(newLine: startsLine)
        while !atEnd {
            if line.newLine { line.indentation = read { $0 == " " || $0 == "\t" } }
            let text = try readText()
            if Self.isNewline(current) {
                line.nodes.append(text: line.indentation + text + String(current))
                line.newLine = true
                position += 1
                continue
            }
            if !text.isEmpty {
                line.nodes.append(text: line.indentation + text)
                line.indentation = ""
                line.newLine = false
            }
            if atEnd { break }
            if try parseTag(&line, closing: section) { return line.nodes.nodes }
        }
        guard section == nil else { throw Unsupported() }
        return line.nodes.nodes
    }

    /// What the parser keeps between tags: the nodes so far, whether a line has only just
    /// begun, and its indentation, kept or dropped as the next tag decides.
    private struct Line {
        var nodes = TemplateNodes()
        var newLine: Bool
        var indentation = ""
    }

    /// Reads the tag just past `{{`; true when it is the end of `section`.
    private mutating func parseTag(_ line: inout Line, closing section: String?) throws -> Bool {
        var standalone = false
        switch current {
        case "#", "^":
            let inverted = current == "^"
            position += 1
            let name = try readName()
            standalone = line.newLine && lineFinished()
            if !standalone { line.nodes.flush(&line.indentation) }
            let children = try parse(section: name.source, startsLine: standalone)
            line.nodes.append(.section(name, inverted: inverted, children))
        case "/":
            position += 1
            guard try readName().source == section else { throw Unsupported() }
            if !(line.newLine && lineFinished()) { line.nodes.flush(&line.indentation) }
            return true
        case "!":
            try skipComment()
            standalone = line.newLine && lineFinished()
        case "{", "&":
            line.nodes.flush(&line.indentation)
            let isTriple = current == "{"
            position += 1
            let name = try readName()
            if isTriple { guard try read("}") else { throw Unsupported() } }
            line.nodes.append(.variable(name, escaped: false))
        case ">", "<", "$", "=", "%":
            throw Unsupported()
        default:
            line.nodes.flush(&line.indentation)
            line.nodes.append(.variable(try readName(), escaped: true))
        }
        line.newLine = standalone
        return false
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

    private static let nameCharacters = Set(
        "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*".unicodeScalars)
}
