import Foundation
import Tributary

/// One JSON-lines item as a plugin writes it, in the digest's item schema: `id`, `title`,
/// `url`, `author`, `published` (ISO 8601), `score`, `summary`, `thumbnail`, `image`,
/// `tags`, `kind`, `enclosures`. Unknown keys are ignored; `null` counts as absent.
struct PluginItem {
    struct Problem: Error {
        let message: String
    }

    let object: [String: JSONValue]

    init(_ object: [String: JSONValue]) {
        self.object = object
    }

    func item() throws -> FeedItem {
        let url = try string("url")
        let title = try string("title")
        guard let id = try identifier() ?? url ?? title else {
            throw Problem(message: "an item needs an \"id\", a \"url\" or a \"title\"")
        }
        return FeedItem(
            id: id, source: "", sourceType: "", kind: try kind(), title: title ?? "",
            url: url.flatMap(URL.init(string:)), author: try string("author"), published: try date("published"),
            score: try number("score"), summary: try string("summary"),
            thumbnail: try string("thumbnail").flatMap(URL.init(string:)),
            image: try string("image").flatMap(URL.init(string:)),
            tags: try tags(), enclosures: try enclosures()
        )
    }

    /// `kind` from the allowed set; anything else is an article.
    private func kind() throws -> ItemKind {
        try string("kind").flatMap { ItemKind(rawValue: $0.lowercased()) } ?? .article
    }

    private func identifier() throws -> String? {
        guard let value = present("id") else { return nil }
        if let text = value.stringValue { return text.isEmpty ? nil : text }
        if let number = value.intValue { return String(number) }
        throw Problem(message: "\"id\" must be a string or a whole number, found \(value.typeName)")
    }

    private func string(_ key: String) throws -> String? {
        guard let value = present(key) else { return nil }
        guard let text = value.stringValue else {
            throw Problem(message: "\"\(key)\" must be a string, found \(value.typeName)")
        }
        return text
    }

    private func number(_ key: String) throws -> Double? {
        guard let value = present(key) else { return nil }
        guard case .number(let number) = value else {
            throw Problem(message: "\"\(key)\" must be a number, found \(value.typeName)")
        }
        return number
    }

    private func tags() throws -> [String] {
        guard let value = present("tags") else { return [] }
        guard let list = value.stringList else { throw Problem(message: "\"tags\" must be a list of strings") }
        return list
    }

    private func date(_ key: String) throws -> Date? {
        guard let text = try string(key) else { return nil }
        guard let date = ISO8601Date.parse(text) else {
            throw Problem(
                message:
                    "\"\(key)\" must be an ISO 8601 date such as \"2026-11-22T06:00:00Z\", found "
                    + "\"\(TextCleanup.truncate(text, to: 40))\""
            )
        }
        return date
    }

    func present(_ key: String) -> JSONValue? {
        guard let value = object[key], value != .null else { return nil }
        return value
    }
}
