import Foundation

/// The rules that feeds.json's `include` and `exclude` stand for (see docs/rules.md):
/// `exclude` is a rule that drops the items any of its keywords finds, `include` a keep
/// rule of its own: an item none of its keywords finds is dropped, whatever other keep
/// rules say. Both match as they always have, inside words (`KeywordMatch`).
enum KeywordRules {
    /// The rules of one `include` and `exclude` pair, the exclude's first; `prefix` is where
    /// the pair is (`""` at the top level, `sources[3].` for an entry).
    static func rules(
        include: [String], exclude: [String], match: EntryOptions.Match = .keywords, prefix: String = ""
    ) -> [Rule] {
        var rules: [Rule] = []
        if !exclude.isEmpty {
            let path = prefix + "exclude"
            rules.append(
                Rule(
                    name: path, path: path, condition: .keywords(KeywordMatch(exclude, regex: match == .regex)),
                    actions: [.drop]))
        }
        if !include.isEmpty {
            let path = prefix + "include"
            rules.append(
                Rule(
                    name: path, path: path, condition: .keywords(KeywordMatch(include, regex: match == .regex)),
                    actions: [.keep], isRequirement: true))
        }
        return rules
    }

    /// The rules of an entry's own `include`, `exclude` and `match`, at `path` (`sources[3]`).
    static func rules(of options: EntryOptions, at path: String) -> [Rule] {
        rules(include: options.include, exclude: options.exclude, match: options.match, prefix: path + ".")
    }
}
