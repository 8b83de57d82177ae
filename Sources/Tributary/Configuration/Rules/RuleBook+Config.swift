extension RuleBook {
    /// The rules of `config`: its top-level `include`, `exclude` and `rules`, and each
    /// entry's `rules`; with `entryFilters`, each entry's `include` and `exclude` too, first
    /// of all (a digest's sources apply those themselves, before their `limit`: `SourceRunner`).
    public init(_ config: FeedsConfig, entryFilters: Bool = false) {
        let bySource = config.sources.enumerated().compactMap { index, entry in
            let filters = entryFilters ? KeywordRules.rules(of: entry.common, at: "sources[\(index)]") : []
            return filters.isEmpty && entry.common.rules.isEmpty
                ? nil : (id: entry.id, filters: filters, rules: entry.common.rules)
        }
        let hasRules = !config.rules.isEmpty || config.sources.contains { !$0.common.rules.isEmpty }
        self.init(
            filters: KeywordRules.rules(include: config.include, exclude: config.exclude), topLevel: config.rules,
            bySource: bySource,
            descriptions: config.include.map { "include \"\($0)\"" } + config.exclude.map { "exclude \"\($0)\"" }
                + (hasRules ? ["rules"] : []))
    }
}
