import Foundation

/// The field constructors sources use, one per JSON type; each pairs the property's
/// Swift type with the JSON type the host checks, so the two cannot disagree.
extension OptionField {
    public static func string(
        _ name: String, _ keyPath: WritableKeyPath<Options, String>, _ summary: String, required: Bool = false
    ) -> Self {
        Self(name, keyPath, .string, summary, required: required, read: \.stringValue, show: { $0.isEmpty ? nil : $0 })
    }

    public static func string(
        _ name: String, _ keyPath: WritableKeyPath<Options, String?>, _ summary: String, required: Bool = false
    ) -> Self {
        Self(name, keyPath, .string, summary, required: required, read: \.stringValue, show: { $0 })
    }

    public static func integer(
        _ name: String, _ keyPath: WritableKeyPath<Options, Int>, _ range: ClosedRange<Int>, _ summary: String,
        default described: String? = nil
    ) -> Self {
        Self(name, keyPath, .integer(range), summary, default: described, read: \.intValue, show: { String($0) })
    }

    public static func integer(
        _ name: String, _ keyPath: WritableKeyPath<Options, Int?>, _ range: ClosedRange<Int>, _ summary: String,
        default described: String? = nil
    ) -> Self {
        Self(
            name, keyPath, .integer(range), summary, default: described, read: \.intValue, show: { $0.map(String.init) }
        )
    }

    public static func boolean(_ name: String, _ keyPath: WritableKeyPath<Options, Bool>, _ summary: String) -> Self {
        Self(name, keyPath, .boolean, summary, read: \.boolValue, show: { String($0) })
    }

    public static func strings(
        _ name: String, _ keyPath: WritableKeyPath<Options, [String]>, maxCount: Int? = nil, _ summary: String
    ) -> Self {
        Self(name, keyPath, .stringList(maxCount: maxCount), summary, read: \.stringList, show: Self.jsonList)
    }

    /// One of an enumeration's raw values.
    public static func choice<Choice: RawRepresentable & CaseIterable>(
        _ name: String, _ keyPath: WritableKeyPath<Options, Choice>, _ summary: String
    ) -> Self where Choice.RawValue == String {
        Self(
            name, keyPath, .choice(Choice.allCases.map(\.rawValue)), summary,
            read: { $0.stringValue.flatMap(Choice.init(rawValue:)) }, show: { $0.rawValue })
    }

    /// One of an enumeration's raw values, or none, whose default `default:` describes.
    public static func choice<Choice: RawRepresentable & CaseIterable>(
        _ name: String, _ keyPath: WritableKeyPath<Options, Choice?>, _ summary: String,
        default described: String? = nil
    ) -> Self where Choice.RawValue == String {
        Self(
            name, keyPath, .choice(Choice.allCases.map(\.rawValue)), summary, default: described,
            read: { $0.stringValue.flatMap(Choice.init(rawValue:)) }, show: { $0?.rawValue })
    }

    /// One of a list of strings kept as a string (upstream spellings, such as sorts).
    public static func choice(
        _ name: String, _ keyPath: WritableKeyPath<Options, String>, among choices: [String], _ summary: String
    ) -> Self {
        Self(name, keyPath, .choice(choices), summary, read: \.stringValue, show: { $0 })
    }

    /// A secret, normally `"${VARIABLE}"`; nil when absent or its variable is unset.
    public static func secret(
        _ name: String, _ keyPath: WritableKeyPath<Options, Secret?>, variable: String, _ summary: String
    ) -> Self {
        Self(
            name, keyPath, .secret(variable: variable), summary, read: { $0.stringValue.map(Secret.init) },
            show: { _ in nil })
    }

    public static func url(
        _ name: String, _ keyPath: WritableKeyPath<Options, URL>, _ summary: String, default described: String? = nil
    ) -> Self {
        Self(
            name, keyPath, .url, summary, default: described, read: { $0.stringValue.flatMap(URL.init(string:)) },
            show: { $0.absoluteString })
    }

    public static func url(
        _ name: String, _ keyPath: WritableKeyPath<Options, URL?>, _ summary: String, required: Bool = false,
        default described: String? = nil
    ) -> Self {
        Self(
            name, keyPath, .url, summary, required: required, default: described,
            read: { $0.stringValue.flatMap(URL.init(string:)) }, show: { $0?.absoluteString })
    }

    public static func duration(
        _ name: String, _ keyPath: WritableKeyPath<Options, Duration?>, _ summary: String,
        default described: String? = nil
    ) -> Self {
        Self(name, keyPath, .duration, summary, default: described, read: { Duration.parse($0) }, show: { _ in nil })
    }

    /// A program and its arguments.
    public static func command(_ name: String, _ keyPath: WritableKeyPath<Options, [String]>, _ summary: String)
        -> Self
    {
        Self(name, keyPath, .command, summary, required: true, read: \.stringList, show: { _ in nil })
    }

    /// An object of string values, such as HTTP headers.
    static func stringMap(
        _ name: String, _ keyPath: WritableKeyPath<Options, [String: String]>, _ summary: String
    ) -> Self {
        Self(name, keyPath, .stringMap, summary, read: \.stringMap, show: { $0.isEmpty ? "{}" : nil })
    }

    /// A list of rules. Problems are not kept here: `EntryReader` reads the list again with
    /// the entry's path, which its messages name.
    static func rules(_ name: String, _ keyPath: WritableKeyPath<Options, [Rule]>, _ summary: String) -> Self {
        Self(
            name, keyPath, .rules, summary,
            read: { value in
                var unused = ConfigProblems()
                return RuleParser(path: name).rules(value, into: &unused)
            }, show: { $0.isEmpty ? "[]" : nil })
    }

    /// `[]`, `["Nude"]`: a list as it is written in feeds.json.
    private static func jsonList(_ values: [String]) -> String {
        "[" + values.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }
}
