import Foundation
import Synchronization
import Testing
import Tributary

/// The registry's later types (external plugins, found by listing folders) are looked
/// for only when a config names a type that is not among the given ones.
@Suite struct SourceRegistryTests {
    /// Counts how often the registry asked for its later types.
    final class Lookups: Sendable {
        let count = Mutex(0)
    }

    func registry(counting lookups: Lookups) -> SourceRegistry {
        SourceRegistry([SourceType(OptionsOnlySource.self)]) {
            lookups.count.withLock { $0 += 1 }
            let plugin = SourceType(name: "found-later", summary: "a plugin", options: []) { _ in
                throw CancellationError()
            }
            return [plugin]
        }
    }

    func config(_ type: String) -> Data {
        Data(#"{"sources": [{"id": "one", "type": "\#(type)", "token": "${SAMPLE_TOKEN}"}]}"#.utf8)
    }

    @Test func aConfigOfGivenTypesNeverLooksFurther() throws {
        let lookups = Lookups()
        let loaded = try ConfigLoader(registry: registry(counting: lookups), environment: [:]).load(config("sample"))
        #expect(loaded.sources.map(\.type) == ["sample"])
        #expect(lookups.count.withLock { $0 } == 0)
    }

    @Test func aTypeFoundLaterIsFoundOnce() throws {
        let lookups = Lookups()
        let registry = registry(counting: lookups)
        #expect(registry["found-later"]?.summary == "a plugin")
        #expect(registry.types.map(\.name) == ["sample", "found-later"])
        #expect(lookups.count.withLock { $0 } == 1)
    }

    @Test func anUnknownTypeIsSuggestedFromEveryType() {
        let loader = ConfigLoader(registry: registry(counting: Lookups()), environment: [:])
        let error = #expect(throws: TributaryError.self) { try loader.load(config("found-latr")) }
        #expect(error?.message.contains(#"unknown source type "found-latr"; did you mean "found-later"?"#) == true)
    }
}
