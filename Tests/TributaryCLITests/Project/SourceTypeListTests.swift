import Foundation
import Testing
@testable import TributaryCLI

/// The three lists of bundled source types a contributor reads or edits name the same types:
/// the table in `docs/sources.md`, the sentence in `CONTRIBUTING.md`'s "Adding a source", and
/// the registry, `BundledSources.all`.
@Suite struct SourceTypeListTests {
    static func text(_ file: String) throws -> String {
        try String(contentsOf: BundledSourcesTests.root.appendingPathComponent(file), encoding: .utf8)
    }

    /// The types in the first column of `docs/sources.md`'s table (rows starting "| `type` |").
    static func typesInSourcesPage() throws -> [String] {
        let rows = try text("docs/sources.md").split(separator: "\n").filter { $0.hasPrefix("| `") }
        return rows.compactMap { $0.split(separator: "`", omittingEmptySubsequences: false).dropFirst().first }
            .map(String.init)
    }

    /// The code spans of the paragraph of `CONTRIBUTING.md` that says "The bundled source types are".
    static func typesInContributing() throws -> [String] {
        let paragraphs = try text("CONTRIBUTING.md").components(separatedBy: "\n\n")
        guard let paragraph = paragraphs.first(where: { $0.contains("The bundled source types are") }) else {
            return []
        }
        let list = paragraph.components(separatedBy: "The bundled source types are")[1].components(separatedBy: "(")[0]
        return list.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    static var registry: [String] { BundledSources.all.map(\.name) }

    @Test func theSourcesPageTableListsEveryBundledTypeOnce() throws {
        let listed = try Self.typesInSourcesPage()
        #expect(listed.count == Set(listed).count, "docs/sources.md lists a type twice: \(listed)")
        #expect(
            Set(listed) == Set(Self.registry),
            "docs/sources.md lists \(listed.sorted()); BundledSources.all has \(Self.registry.sorted())")
    }

    @Test func theContributingGuideListsEveryBundledTypeOnce() throws {
        let listed = try Self.typesInContributing()
        #expect(listed.count == Set(listed).count, "CONTRIBUTING.md lists a type twice: \(listed)")
        #expect(
            Set(listed) == Set(Self.registry),
            "CONTRIBUTING.md lists \(listed.sorted()); BundledSources.all has \(Self.registry.sorted())")
    }
}
