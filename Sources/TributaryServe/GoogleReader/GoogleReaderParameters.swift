import Foundation
import Hummingbird

/// A Google Reader request's parameters: the query's and, for a form body
/// (`application/x-www-form-urlencoded`, whatever the `Content-Type` says), the body's,
/// each name possibly repeated (`i=…&i=…`), `+` read as a space, percent escapes decoded
/// (a malformed one is kept as sent). FreshRSS reads most of them from either place.
struct GoogleReaderParameters: Sendable {
    private(set) var pairs: [(name: String, value: String)] = []

    init(query: String?, body: String? = nil) {
        for text in [query, body].compactMap({ $0 }) { pairs += Self.parse(text) }
    }

    /// The request's query and, when it has one, its body (at most `ServeActions.maxBodySize`).
    static func of(_ request: Request) async throws -> GoogleReaderParameters {
        let buffer = try await request.body.collect(upTo: ServeActions.maxBodySize)
        let body = buffer.readableBytes > 0 ? String(decoding: buffer.readableBytesView, as: UTF8.self) : nil
        return GoogleReaderParameters(query: request.uri.query, body: body)
    }

    /// The first value of `name`, trimmed of spaces and line ends.
    subscript(_ name: String) -> String? {
        pairs.first { $0.name == name }.map { $0.value.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// Every value of `name`, in order, trimmed; empty ones left out.
    func all(_ name: String) -> [String] {
        pairs.filter { $0.name == name }.map { $0.value.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
    }

    /// The whole number `name` holds, when it holds one.
    func integer(_ name: String) -> Int64? { self[name].flatMap { Int64($0) } }

    static func parse(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
