import Tributary

/// The Markdown table of a source type's options, as the READMEs show it, generated from
/// the code, and the marked block of a README that holds it.
public enum OptionTable {
    /// The table of `specs`: option, type, default, meaning.
    public static func markdown(_ specs: [OptionSpec]) -> String {
        let rows = specs.map { spec in
            let type = typeText(spec.kind) + (spec.isRequired ? " (required)" : "")
            let fallback = spec.defaultValue.map { spec.describesDefault ? escaped($0) : "`\($0)`" } ?? ""
            return "| `\(spec.name)` | \(type) | \(fallback) | \(escaped(spec.summary)) |"
        }
        return (["| option | type | default | meaning |", "| --- | --- | --- | --- |"] + rows).joined(separator: "\n")
    }

    /// The comment that opens the generated table of `name`'s options in a README.
    public static func startMarker(_ name: String) -> String {
        "<!-- options of \(name): generated from the code; "
            + "TRIBUTARY_UPDATE_GOLDEN=1 swift test --filter OptionTableTests rewrites it -->"
    }

    public static let endMarker = "<!-- end of generated options -->"

    /// The text between `name`'s markers in `readme`; nil when it has none.
    public static func block(of name: String, in readme: String) -> Substring? {
        guard let start = readme.range(of: startMarker(name) + "\n"),
            let end = readme.range(of: "\n" + endMarker, range: start.upperBound..<readme.endIndex)
        else { return nil }
        return readme[start.upperBound..<end.lowerBound]
    }

    /// `readme` with `name`'s block replaced by `table`; nil when it has no such block.
    public static func replacing(_ name: String, with table: String, in readme: String) -> String? {
        guard let block = block(of: name, in: readme) else { return nil }
        return readme.replacingCharacters(in: block.startIndex..<block.endIndex, with: table)
    }

    static func typeText(_ kind: OptionSpec.Kind) -> String {
        switch kind {
        case .choice(let values): values.map { "`\($0)`" }.joined(separator: " \\| ")
        case .secret(let variable): "secret, `\"${\(variable)}\"`"
        case .boolean: "boolean"
        case .duration: "duration (`10`, `\"500ms\"`, `\"2m\"`)"
        default: escaped(OptionSpec("", kind, "").typeDescription)
        }
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
