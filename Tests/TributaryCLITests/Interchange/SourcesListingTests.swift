import Foundation
import Testing
import Tributary
@testable import TributaryCLI

/// `tributary sources` lists what the code declares: every option of every bundled type,
/// and every key each entry takes, with its type and default.
@Suite struct SourcesListingTests {
    @Test func theListingShowsEveryDeclaredOptionAndTheKeysEveryEntryTakes() async throws {
        let result = try await TributaryBinary.run(["sources"])
        #expect(result.status == 0, "\(result.stderr)")
        for type in BundledSources.all {
            #expect(result.stdout.contains("\(type.name): \(type.summary)"))
            for option in type.options {
                #expect(result.stdout.contains(SourcesCommand.optionLine(option)), "\(type.name).\(option.name)")
            }
        }
        #expect(result.stdout.contains("    kind (photo | question | post | article): "))
        #expect(result.stdout.contains("    headers (object of strings): "))
        #expect(result.stdout.contains("    match (keywords | regex): "))
        for option in EntryOptions.specs { #expect(result.stdout.contains(SourcesCommand.optionLine(option))) }
    }
}
