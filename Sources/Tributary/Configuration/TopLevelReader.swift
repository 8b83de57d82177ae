/// Typed reads of feeds.json's top-level keys, recording problems as it goes.
struct TopLevelReader {
    let object: [String: JSONValue]

    func string(_ key: String, _ problems: inout ConfigProblems) -> String? {
        checked(key, .string, &problems)?.stringValue
    }

    func int(_ key: String, _ range: ClosedRange<Int>, _ problems: inout ConfigProblems) -> Int? {
        checked(key, .integer(range), &problems)?.intValue
    }

    func bool(_ key: String, _ problems: inout ConfigProblems) -> Bool? {
        checked(key, .boolean, &problems)?.boolValue
    }

    func strings(_ key: String, _ problems: inout ConfigProblems) -> [String]? {
        checked(key, .stringList(maxCount: nil), &problems)?.stringList
    }

    func duration(_ key: String, _ problems: inout ConfigProblems) -> Duration? {
        checked(key, .duration, &problems).flatMap(Duration.parse)
    }

    /// A span of days and more (`"90d"`), read as `Duration.parseSpan` reads it.
    func span(_ key: String, _ problems: inout ConfigProblems) -> Duration? {
        guard let value = checked(key, .string, &problems)?.stringValue else { return nil }
        guard let span = Duration.parseSpan(value) else {
            problems.add(key, "expected a span such as \"90d\", \"12h\" or \"2w\", found \"\(value)\"")
            return nil
        }
        return span
    }

    func choice<Choice: RawRepresentable & CaseIterable>(
        _ key: String, _ type: Choice.Type, _ problems: inout ConfigProblems
    ) -> Choice? where Choice.RawValue == String {
        let choices = Choice.allCases.map(\.rawValue)
        return checked(key, .choice(choices), &problems)?.stringValue.flatMap(Choice.init(rawValue:))
    }

    private func checked(_ key: String, _ kind: OptionSpec.Kind, _ problems: inout ConfigProblems) -> JSONValue? {
        guard let value = object[key] else { return nil }
        if let problem = OptionValidation.problem(with: value, for: OptionSpec(key, kind, "")) {
            problems.add(key, problem)
            return nil
        }
        return value
    }
}
