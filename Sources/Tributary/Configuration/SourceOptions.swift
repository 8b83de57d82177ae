/// A source's options as one typed value. Each property's initial value is its default,
/// written once; `fields` says how each is spelled in feeds.json, its type and meaning.
///
/// Everything else is derived from it: the `OptionSpec`s the host validates entries
/// against (`specs`), the `tributary sources` listing, and the plugin READMEs' tables of options
/// (`OptionTable`), which a test keeps in step with the code.
public protocol SourceOptions {
    /// Every option at its default.
    init()
    /// The options, in the order they are listed.
    static var fields: [OptionField<Self>] { get }
}

extension SourceOptions {
    /// The specs the host validates entries against; each default is read off `Self()`.
    public static var specs: [OptionSpec] {
        let defaults = Self()
        return fields.map { $0.spec(defaults: defaults) }
    }

    /// The options of an entry the host has validated: each one the entry sets, else its default.
    public init(_ entry: SourceEntry) {
        self.init(entry.options)
    }

    /// The options set in `values` (already validated against `specs`), the rest at their defaults.
    init(_ values: [String: JSONValue]) {
        self.init()
        for field in Self.fields {
            if let value = values[field.name] { field.assign(value, &self) }
        }
    }
}
