import Testing
import TributaryBytes

/// Texts packed into one object read back byte for byte, with the fields beside them.
@Suite struct PackedTextTests {
    struct Fields {
        let number: Double
        let flag: Bool
    }

    @Test func everyTextAndTheFieldsReadBack() throws {
        let texts = ["", "plain", "東京 résumé 🦜", "", "e\u{301}", String(repeating: "x", count: 300), ""]
        let packed = try #require(PackedText.make(texts, fields: Fields(number: 2.5, flag: true)))
        #expect(texts.indices.map(packed.text) == texts)
        #expect(packed.fields.number == 2.5 && packed.fields.flag)
    }

    @Test func noTextsAtAll() throws {
        let packed = try #require(PackedText.make([], fields: Fields(number: 0, flag: false)))
        #expect(!packed.fields.flag)
    }

    @Test func upTo65535BytesPackAndNotOneMore() {
        let fields = Fields(number: 0, flag: false)
        let most = [String(repeating: "a", count: 65_000), String(repeating: "b", count: 535)]
        #expect(PackedText.make(most, fields: fields)?.text(1) == most[1])
        #expect(PackedText.make(most + ["c"], fields: fields) == nil)
        #expect(PackedText.make(Array(repeating: "", count: 256), fields: fields) == nil)
    }
}
