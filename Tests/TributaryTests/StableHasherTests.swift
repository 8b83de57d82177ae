import Testing
import Tributary

/// `StableHasher` fed pieces gives `StableHash` of the pieces joined: the archive's
/// fingerprints, kept in every row, must not change with the way they are computed.
@Suite struct StableHasherTests {
    @Test func piecesHashAsTheirJoinedText() {
        var hasher = StableHasher()
        hasher.combine("Café ")
        hasher.combine(byte: 0x1F)
        hasher.combine(String(repeating: "ü", count: 40))
        #expect(hasher.value == StableHash.value("Café \u{1F}" + String(repeating: "ü", count: 40)))
        #expect(StableHasher().value == StableHash.value(""))
    }
}
