import Tributary

/// Runs a `CompiledTemplate`'s steps with swift-mustache's semantics: a name is looked up
/// from the innermost value outwards; a list section repeats for each element, `true`
/// renders once, any other value renders once with that value innermost; an inverted
/// section renders for nil, `false` and an empty list. Values are HTML-escaped on their
/// UTF-8 bytes (`HTMLEscaping`). A long list is rendered in parts on every core, joined in order.
struct TemplateWriter {
    /// Lists at least this long are rendered in parts.
    static let partsFrom = 2_048

    private(set) var output: [UInt8] = []
    /// Where the field left out would have been written.
    private(set) var holes: [Draft.Hole] = []
    private let steps: [TemplateStep]
    private let text: [UInt8]
    private var stack: [TemplateValue]
    private let leftOut: ReportField
    /// False inside a part: parts are not split again.
    private let splitsLists: Bool

    init(_ template: CompiledTemplate, root: TemplateValue, leavingOut leftOut: ReportField) {
        self.init(steps: template.steps, text: template.text, stack: [root], leftOut: leftOut, splitsLists: true)
    }

    private init(steps: [TemplateStep], text: [UInt8], stack: [TemplateValue], leftOut: ReportField, splitsLists: Bool)
    {
        self.steps = steps
        self.text = text
        self.stack = stack
        self.leftOut = leftOut
        self.splitsLists = splitsLists
        output.reserveCapacity(1 << 20)
    }

    /// Runs `steps[range]`.
    mutating func write(_ range: Range<Int>) throws {
        var index = range.lowerBound
        while index < range.upperBound {
            switch steps[index] {
            case .text(let bytes):
                output.append(contentsOf: text[bytes])
                index += 1
            case .variable(let key, let escaped) where key.field == leftOut:
                holes.append(Draft.Hole(offset: output.count, escaped: escaped))
                index += 1
            case .variable(let key, let escaped):
                if let value = lookUp(key) { try write(value, escaped: escaped) }
                index += 1
            case .section(let key, let inverted, let end):
                let value = lookUp(key)
                if inverted {
                    try writeInverted(index + 1..<end, for: value)
                } else {
                    try writeSection(index + 1..<end, for: value)
                }
                index = end
            }
        }
    }

    private mutating func writeSection(_ body: Range<Int>, for value: TemplateValue?) throws {
        switch value {
        case nil: return
        case .flag(let flag): if flag { try write(body) }
        case .list(let list) where splitsLists && list.count >= Self.partsFrom:
            try writeInParts(body, for: list)
        case .list(let list):
            for index in 0..<list.count { try write(body, within: list.element(index)) }
        case let value?: try write(body, within: value)
        }
    }

    private mutating func writeInverted(_ body: Range<Int>, for value: TemplateValue?) throws {
        switch value {
        case nil: try write(body)
        case .flag(let flag): if !flag { try write(body) }
        case .list(let list): if list.count == 0 { try write(body, within: .list(list)) }
        case .some: return
        }
    }

    private mutating func write(_ body: Range<Int>, within value: TemplateValue) throws {
        stack.append(value)
        defer { stack.removeLast() }
        try write(body)
    }

    /// The section for each element of a long list, one part per core, each part with its
    /// own copies of the steps, the context and its elements: threads that share objects
    /// spend their time counting references to them.
    private mutating func writeInParts(_ body: Range<Int>, for list: TemplateList) throws {
        let parts = ParallelWork.chunks(of: list.count, minimumChunk: Self.partsFrom / 2) { elements in
            var part = TemplateWriter(
                steps: steps.map { $0 }, text: text.map { $0 }, stack: stack.map(\.unshared), leftOut: leftOut,
                splitsLists: false
            )
            // Room for a generous 2 KB an element: pages not written to are never touched.
            part.output.reserveCapacity(elements.count * 2_048)
            return Result { try part.writeSection(body, for: .list(list.slice(elements))) }.map { part }
        }
        output.reserveCapacity(output.count + parts.reduce(0) { $0 + ((try? $1.get())?.output.count ?? 0) })
        for part in parts {
            let part = try part.get()
            holes += part.holes.map { Draft.Hole(offset: output.count + $0.offset, escaped: $0.escaped) }
            output.append(contentsOf: part.output)
        }
    }

    private func lookUp(_ key: TemplateKey) -> TemplateValue? {
        // `key.field.flatMap(find)` would copy the writer into a closure for every lookup.
        let found: TemplateValue?
        if key.isCurrent {
            found = stack.last
        } else if let field = key.field {
            found = find(field)
        } else {
            found = nil
        }
        guard let value = found else { return nil }
        guard let transform = key.transform else { return value }
        switch (transform, value) {
        case (.count, .list(let list)): return .integer(list.count)
        case (.empty, .list(let list)): return .flag(list.count == 0)
        case (.empty, .text(let text)): return .flag(text.isEmpty)
        default: return nil
        }
    }

    /// The innermost value's `field` (read through a `Span`, which lends each value
    /// rather than copying it).
    private func find(_ field: ReportField) -> TemplateValue? {
        let values = stack.span
        var index = values.count
        while index > 0 {
            index -= 1
            if let value = values[index].child(field) { return value }
        }
        return nil
    }

    private mutating func write(_ value: TemplateValue, escaped: Bool) throws {
        switch value {
        case .text(let text):
            if escaped {
                HTMLEscaping.append(text, to: &output)
            } else {
                HTMLEscaping.append(text.utf8.span, 0..<text.utf8.count, to: &output)
            }
        case .integer(let number): output.append(contentsOf: String(number).utf8)
        case .decimal(let number): output.append(contentsOf: String(describing: number).utf8)
        case .flag(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .list, .object, .item: throw TemplateCompiler.Unsupported()
        }
    }
}
