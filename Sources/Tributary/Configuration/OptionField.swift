import Foundation

/// One option of a `SourceOptions` type: its feeds.json name, the property it sets, its
/// JSON type and what it means. The default is the property's initial value, so it is
/// never written twice; `default:` only describes defaults that depend on other options.
public struct OptionField<Options> {
    let name: String
    let kind: OptionSpec.Kind
    let summary: String
    let isRequired: Bool
    let describesDefault: Bool
    let shownDefault: (Options) -> String?
    let assign: (JSONValue, inout Options) -> Void

    /// A field reading `keyPath` with `read` (nil leaves the default) and showing its
    /// default with `show` (nil: no default to show).
    init<Value>(
        _ name: String, _ keyPath: WritableKeyPath<Options, Value>, _ kind: OptionSpec.Kind, _ summary: String,
        required: Bool = false, default described: String? = nil,
        read: @escaping (JSONValue) -> Value?, show: @escaping (Value) -> String?
    ) {
        self.name = name
        self.kind = kind
        self.summary = summary
        self.isRequired = required
        describesDefault = described != nil
        shownDefault = { options in required ? nil : described ?? show(options[keyPath: keyPath]) }
        assign = { value, options in
            if let read = read(value) { options[keyPath: keyPath] = read }
        }
    }

    func spec(defaults: Options) -> OptionSpec {
        var spec = OptionSpec(name, kind, summary, default: shownDefault(defaults), required: isRequired)
        spec.describesDefault = describesDefault
        return spec
    }
}
