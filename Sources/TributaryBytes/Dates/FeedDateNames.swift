/// The names dates carry: months in English and the common European languages, and
/// time zone abbreviations.
enum FeedDateNames {
    private static let english = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        .map { packed($0.utf8) }

    /// The month a name stands for: an English name or abbreviation by its first three
    /// letters ("Sep", "Sept", "September"), else a German, French, Spanish, Italian,
    /// Dutch, Portuguese, Scandinavian or Polish one by its first three or four letters
    /// (`others`), in any case.
    static func month(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard word.count >= 3 else { return nil }
        let first = word.prefix(3)
        if first.allSatisfy({ $0 < 0x80 }), let index = english.firstIndex(of: packed(first)) {
            return index + 1
        }
        let letters = Array(String(decoding: word, as: UTF8.self).lowercased())
        return others[String(letters.prefix(4))] ?? others[String(letters.prefix(3))]
    }

    /// Month names other than English ones, by their first three letters, or four where
    /// three would be ambiguous (French "juin" and "juillet").
    private static let others: [String: Int] = [
        "jän": 1, "ene": 1, "gen": 1, "sty": 1,
        "fév": 2, "fev": 2, "lut": 2,
        "mär": 3, "mrz": 3, "maa": 3, "mrt": 3,
        "avr": 4, "abr": 4, "kwi": 4,
        "mai": 5, "mag": 5, "mei": 5, "maj": 5,
        "juin": 6, "giu": 6, "cze": 6,
        "juil": 7, "lug": 7, "lip": 7,
        "aoû": 8, "aou": 8, "ago": 8, "sie": 8,
        "set": 9, "wrz": 9,
        "okt": 10, "ott": 10, "out": 10, "paź": 10, "paz": 10,
        "lis": 11,
        "dez": 12, "déc": 12, "dic": 12, "des": 12, "gru": 12,
    ]

    /// Hours east of UTC of a zone abbreviation (any case): RFC 822's (UT, GMT, the North
    /// American zones, the military letters with RFC 822's signs, as feedparser reads them),
    /// and common others. Nil for a name not listed.
    static func zone(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> Double? {
        guard (1...4).contains(word.count), word.allSatisfy({ $0 < 0x80 }) else { return nil }
        return zones[packed(word)]
    }

    private static let zones: [UInt32: Double] = {
        var table: [UInt32: Double] = [:]
        for (name, hours) in named { table[packed(name.utf8)] = hours }
        for (offset, letter) in "ABCDEFGHIKLM".utf8.enumerated() { table[packed([letter])] = -Double(offset + 1) }
        for (offset, letter) in "NOPQRSTUVWXY".utf8.enumerated() { table[packed([letter])] = Double(offset + 1) }
        table[packed("Z".utf8)] = 0
        return table
    }()

    private static let named: [(String, Double)] = [
        ("UT", 0), ("UTC", 0), ("GMT", 0), ("WET", 0), ("WEST", 1), ("BST", 1), ("IST", 5.5),
        ("EST", -5), ("EDT", -4), ("CST", -6), ("CDT", -5), ("MST", -7), ("MDT", -6), ("PST", -8), ("PDT", -7),
        ("AST", -4), ("ADT", -3), ("AKST", -9), ("AKDT", -8), ("HST", -10), ("NST", -3.5), ("NDT", -2.5),
        ("ET", -5), ("CT", -6), ("MT", -7), ("PT", -8), ("AT", -4),
        ("CET", 1), ("CEST", 2), ("MET", 1), ("MEST", 2), ("EET", 2), ("EEST", 3), ("MSK", 3),
        ("JST", 9), ("KST", 9), ("HKT", 8), ("SGT", 8), ("AWST", 8), ("ACST", 9.5), ("AEST", 10), ("AEDT", 11),
        ("NZST", 12), ("NZDT", 13),
    ]

    /// Up to four letters, upper-cased and packed into an integer.
    private static func packed(_ letters: some Sequence<UInt8>) -> UInt32 {
        letters.reduce(0) { $0 << 8 | UInt32($1 & 0xDF) }
    }
}
