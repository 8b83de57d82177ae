import Foundation
import Testing
import Tributary
import TributaryExec

@Suite struct ExecConfigurationTests {
    @Test func execNeedsACommand() throws {
        #expect(throws: TributaryError.self) { try execHarness.entry(#"{"id": "x", "type": "exec"}"#) }
        #expect(throws: TributaryError.self) { try execHarness.entry(#"{"id": "x", "type": "exec", "command": []}"#) }
    }

    @Test func anyOtherKeyIsPassedToThePlugin() throws {
        let entry = try execHarness.entry(
            #"{"id": "x", "type": "exec", "command": ["p"], "anything": {"a": 1}, "n": 3}"#)
        #expect(entry.options["n"] == .number(3))
        #expect(entry.options["anything"] == .object(["a": .number(1)]))
    }

    @Test func anUnsetVariableInAnOptionSkipsTheSource() throws {
        let error = try #require(throws: TributaryError.self) {
            try execHarness.source(#"{"id": "x", "type": "exec", "command": ["p"], "token": "${NO_SUCH_TOKEN_VAR}"}"#)
        }
        #expect(error.code == .skipped)
        #expect(error.message.contains("NO_SUCH_TOKEN_VAR"))
    }
}
