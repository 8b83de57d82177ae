import Foundation
import Testing
import Tributary

/// The two dialects of the one JSON reader differ only where they say they do.
@Suite struct JSONReaderTests {
    func parse(_ text: String, _ dialect: JSONReader.Dialect) -> Result<JSONValue, JSONSyntaxError> {
        Result { () throws(JSONSyntaxError) in try JSONReader.parse(Data(text.utf8), as: dialect).0 }
    }

    @Test func remoteJSONRefusesCommentsAndTrailingCommas() {
        #expect(throws: JSONSyntaxError.self) { try parse(#"[1, 2,]"#, .remote).get() }
        #expect(throws: JSONSyntaxError.self) { try parse(#"{"a": 1 // no"#, .remote).get() }
        #expect((try? parse(#"[1, 2,]"#, .configuration).get()) == .array([.number(1), .number(2)]))
    }

    @Test func duplicateKeysLastWinsRemotelyAndAreAnErrorInTheConfiguration() {
        #expect((try? parse(#"{"a": 1, "a": 2}"#, .remote).get()) == .object(["a": .number(2)]))
        guard case .failure(let error) = parse(#"{"a": 1, "a": 2}"#, .configuration) else {
            Issue.record("a duplicate key was accepted")
            return
        }
        #expect(error.offset == 9)
        #expect(error.firstOffset == 1)
    }

    @Test func badTextIsRepairedRemotelyAndRefusedInTheConfiguration() throws {
        var bytes = Data(#"["ok", "a"#.utf8)
        bytes.append(0xFF)
        bytes.append(contentsOf: #"b", "\ud83d"]"#.utf8)
        let (value, repairs) = try JSONReader.parse(bytes, as: .remote)
        #expect(value == .array([.string("ok"), .string("a\u{FFFD}b"), .string("\u{FFFD}")]))
        #expect(repairs.count == 2)
        #expect(repairs.firstOffset == 9)
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(bytes, as: .configuration) }
    }

    @Test func numbersFollowRFC8259() {
        #expect((try? parse("-1.5e3", .remote).get()) == .number(-1500))
        for bad in ["01x", "1.", "-", ".5", "1e"] {
            #expect(throws: JSONSyntaxError.self, "\(bad)") { try parse(bad, .remote).get() }
        }
    }
}
