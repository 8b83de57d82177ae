/// Typed reads of feeds.json's top-level keys, each checked against its spec in
/// `FeedsConfig.keys`, recording problems as it goes.
struct TopLevelReader {
    let object: [String: JSONValue]

    func string(_ key: String, _ problems: inout ConfigProblems) -> String? {
        checked(key, &problems)?.stringValue
    }

    func int(_ key: String, _ problems: inout ConfigProblems) -> Int? {
        checked(key, &problems)?.intValue
    }

    func bool(_ key: String, _ problems: inout ConfigProblems) -> Bool? {
        checked(key, &problems)?.boolValue
    }

    func strings(_ key: String, _ problems: inout ConfigProblems) -> [String]? {
        checked(key, &problems)?.stringList
    }

    func duration(_ key: String, _ problems: inout ConfigProblems) -> Duration? {
        checked(key, &problems).flatMap { Duration.parse($0) }
    }

    /// A span of hours, days and more (`"90d"`), read as `Duration.Accepted.span` says.
    func span(_ key: String, _ problems: inout ConfigProblems) -> Duration? {
        guard let value = checked(key, &problems)?.stringValue else { return nil }
        guard let span = Duration.parse(value, .span) else {
            problems.add(key, "expected \(Duration.Accepted.span.forms), found \"\(value)\"")
            return nil
        }
        return span
    }

    func choice<Choice: RawRepresentable & CaseIterable>(
        _ key: String, _ type: Choice.Type, _ problems: inout ConfigProblems
    ) -> Choice? where Choice.RawValue == String {
        checked(key, &problems)?.stringValue.flatMap(Choice.init(rawValue:))
    }

    private func checked(_ key: String, _ problems: inout ConfigProblems) -> JSONValue? {
        guard let value = object[key], let spec = FeedsConfig.keys.first(where: { $0.name == key }) else { return nil }
        if let problem = OptionValidation.problem(with: value, for: spec) {
            problems.add(key, problem)
            return nil
        }
        return value
    }
}
