/// A CSS selector of the subset feeds.json's `selector` takes: element names, `*`,
/// `.class`, `#id`, `[attribute]` and `[attribute="value"]`, joined by the descendant
/// (space) and child (`>`) combinators, and lists of them separated by commas, such as
/// `article`, `.post-body`, `#content, main > div.entry`.
///
/// Only the parsed form lives here (feeds.json is checked when it is read); the
/// extractor matches it against a page.
public struct ElementSelector: Sendable, Equatable, CustomStringConvertible {
    /// One compound selector: what a single element must be.
    public struct Compound: Sendable, Equatable {
        /// The element's name, lower-cased; nil for any element.
        public var name: String?
        public var classes: [String] = []
        public var id: String?
        /// Attributes the element must have, with the value it must have when one is given.
        public var attributes: [(name: String, value: String?)] = []

        public static func == (lhs: Compound, rhs: Compound) -> Bool {
            lhs.name == rhs.name && lhs.classes == rhs.classes && lhs.id == rhs.id
                && lhs.attributes.elementsEqual(rhs.attributes) { $0.name == $1.name && $0.value == $1.value }
        }
    }

    /// How a compound relates to the one before it.
    public enum Combinator: Sendable, Equatable {
        /// Anywhere under it (a space).
        case descendant
        /// Directly under it (`>`).
        case child
    }

    /// One complex selector: its first compound, then each next one with how it relates.
    public struct Chain: Sendable, Equatable {
        public var first: Compound
        public var rest: [(Combinator, Compound)]

        public static func == (lhs: Chain, rhs: Chain) -> Bool {
            lhs.first == rhs.first && lhs.rest.elementsEqual(rhs.rest) { $0.0 == $1.0 && $0.1 == $1.1 }
        }
    }

    /// The selectors of the list; an element matching any of them is selected.
    public let chains: [Chain]
    /// The selector as it was written.
    public let description: String

    /// Parses `text`; throws a message saying what is wrong and what is accepted.
    public init(parsing text: String) throws(SelectorError) {
        var parser = SelectorParser(text)
        chains = try parser.list()
        description = text
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.chains == rhs.chains }
}

/// Why a `selector` could not be read.
public struct SelectorError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
}

/// A recursive-descent reader of `ElementSelector`'s grammar.
private struct SelectorParser {
    private let characters: [Character]
    private var position = 0

    init(_ text: String) { characters = Array(text) }

    static let accepted =
        "use element names, .class, #id, [attribute] or [attribute=\"value\"], joined by spaces or \">\", "
        + "and commas between selectors (for example \"main > div.entry\")"

    mutating func list() throws(SelectorError) -> [ElementSelector.Chain] {
        var chains: [ElementSelector.Chain] = []
        repeat {
            skipSpaces()
            chains.append(try chain())
            skipSpaces()
        } while take(",")
        guard position == characters.count else { throw problem("\"\(characters[position])\" is not understood") }
        return chains
    }

    private mutating func chain() throws(SelectorError) -> ElementSelector.Chain {
        var chain = ElementSelector.Chain(first: try compound(), rest: [])
        while true {
            let hadSpace = skipSpaces()
            if take(">") {
                skipSpaces()
                chain.rest.append((.child, try compound()))
            } else if hadSpace, let next = peek, next != ",", next != ")" {
                chain.rest.append((.descendant, try compound()))
            } else {
                return chain
            }
        }
    }

    private mutating func compound() throws(SelectorError) -> ElementSelector.Compound {
        var compound = ElementSelector.Compound()
        var hasPart = false
        if take("*") {
            hasPart = true
        } else if let name = identifier() {
            compound.name = name.lowercased()
            hasPart = true
        }
        while let next = peek {
            if next == "." {
                position += 1
                guard let name = identifier() else { throw problem("\".\" needs a class name after it") }
                compound.classes.append(name)
            } else if next == "#" {
                position += 1
                guard let name = identifier() else { throw problem("\"#\" needs an id after it") }
                compound.id = name
            } else if next == "[" {
                position += 1
                compound.attributes.append(try attribute())
            } else {
                break
            }
            hasPart = true
        }
        guard hasPart else {
            throw problem(peek.map { "\"\($0)\" cannot start a selector" } ?? "a selector is missing")
        }
        return compound
    }

    private mutating func attribute() throws(SelectorError) -> (name: String, value: String?) {
        skipSpaces()
        guard let name = identifier() else { throw problem("\"[\" needs an attribute name after it") }
        skipSpaces()
        var value: String?
        if take("=") {
            skipSpaces()
            value = try quotedOrBare()
            skipSpaces()
        }
        guard take("]") else { throw problem("an attribute selector needs its closing \"]\"") }
        return (name.lowercased(), value)
    }

    private mutating func quotedOrBare() throws(SelectorError) -> String {
        guard let quote = peek, quote == "\"" || quote == "'" else {
            guard let bare = identifier() else { throw problem("an attribute value is missing after \"=\"") }
            return bare
        }
        position += 1
        let start = position
        while position < characters.count, characters[position] != quote { position += 1 }
        guard position < characters.count else { throw problem("a quoted attribute value is not closed") }
        defer { position += 1 }
        return String(characters[start..<position])
    }

    /// Letters, digits, `-` and `_` (CSS identifiers without escapes).
    private mutating func identifier() -> String? {
        let start = position
        while position < characters.count,
            characters[position].isLetter || characters[position].isNumber || "-_".contains(characters[position])
        {
            position += 1
        }
        return position > start ? String(characters[start..<position]) : nil
    }

    private var peek: Character? { position < characters.count ? characters[position] : nil }

    private mutating func take(_ character: Character) -> Bool {
        guard peek == character else { return false }
        position += 1
        return true
    }

    @discardableResult
    private mutating func skipSpaces() -> Bool {
        let start = position
        while let next = peek, next.isWhitespace { position += 1 }
        return position > start
    }

    private func problem(_ what: String) -> SelectorError {
        SelectorError(description: "\(what); \(Self.accepted)")
    }
}
