/// One option a source type accepts in its feeds.json entry: its name, type and meaning.
///
/// The host validates every entry against its type's specs before the source is built,
/// so a source reads options that are known to be present and well typed.
public struct OptionSpec: Sendable {
    /// The JSON type and constraints of an option's value.
    public enum Kind: Sendable {
        case string
        /// A whole number within the range.
        case integer(ClosedRange<Int>)
        case boolean
        /// A list of strings, at most `maxCount` long when given.
        case stringList(maxCount: Int?)
        /// One of a fixed set of strings.
        case choice([String])
        /// A secret, normally `"${VARIABLE}"`; never printed, logged or recorded.
        case secret(variable: String)
        /// An `http`, `https` (or, where allowed, `file`) URL.
        case url
        /// A time span of 1 ms to 24 h: seconds as a number, or a string such as `"500ms"`, `"2m"`, `"1h"`.
        case duration
        /// A list of strings forming a command line.
        case command
        /// An object whose values are strings, such as HTTP headers.
        case stringMap
        /// A list of rules (`{"if": …, "then": […]}`), read in full by `RuleParser`.
        case rules
        /// A list of hooks (`{"exec": […]}` or `{"webhook": URL}`), read in full by `HookParser`.
        case hooks
        /// The `mail` object (`to`, `from`, `smtp`, …), read in full by `MailParser`.
        case mail
    }

    public var name: String
    public var kind: Kind
    public var summary: String
    /// The default, as shown by `tributary sources`; nil when the option has none.
    public var defaultValue: String?
    /// True when `defaultValue` describes the default in words ("the run's timeout")
    /// rather than being a value one could write in feeds.json.
    public var describesDefault = false
    public var isRequired: Bool

    /// True for a secret option: never printed, and never sent over plain http to another machine.
    var isSecret: Bool {
        if case .secret = kind { true } else { false }
    }

    public init(
        _ name: String, _ kind: Kind, _ summary: String, default defaultValue: String? = nil, required: Bool = false
    ) {
        self.name = name
        self.kind = kind
        self.summary = summary
        self.defaultValue = defaultValue
        self.isRequired = required
    }

    /// A short type description for listings and error messages.
    public var typeDescription: String {
        switch kind {
        case .string: "string"
        case .integer(let range): "integer \(range.lowerBound)–\(range.upperBound)"
        case .boolean: "true | false"
        case .stringList(let max): max.map { "list of up to \($0) strings" } ?? "list of strings"
        case .choice(let values): values.joined(separator: " | ")
        case .secret(let variable): "secret, e.g. \"${\(variable)}\""
        case .url: "URL"
        case .duration: "duration (seconds or \"10s\")"
        case .command: "list of strings (program and arguments)"
        case .stringMap: "object of strings"
        case .rules: "list of rules (docs/rules.md)"
        case .hooks: "list of hooks (docs/hooks.md)"
        case .mail: "object (docs/mail.md)"
        }
    }
}
