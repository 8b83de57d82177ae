import Foundation

/// Ids for new entries, derived from their titles: lower-case letters and digits joined
/// by `-` (`"Ars Technica — All"` → `ars-technica-all`), at most 40 characters, made
/// unique with `-2`, `-3`… against the ids already taken.
struct EntryIDs {
    private(set) var taken: Set<String>

    init(taken: some Sequence<String>) {
        self.taken = Set(taken)
    }

    /// A new id for a feed titled `title` at `url`; takes it.
    mutating func make(title: String?, url: String) -> String {
        let base = Self.slug(title ?? "").nonEmpty ?? Self.slug(URL(string: url)?.host ?? "").nonEmpty ?? "feed"
        var id = base
        var number = 2
        while taken.contains(id) {
            id = "\(base)-\(number)"
            number += 1
        }
        taken.insert(id)
        return id
    }

    /// `text` lower-cased, with each run of characters other than letters and digits
    /// (ASCII only, accents dropped) replaced by one `-`.
    static func slug(_ text: String) -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en"))
        var slug = ""
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        return String(slug.prefix(40)).trimmingTrailingDashes
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }

    fileprivate var trimmingTrailingDashes: String {
        var text = self
        while text.last == "-" { text.removeLast() }
        return text
    }
}
