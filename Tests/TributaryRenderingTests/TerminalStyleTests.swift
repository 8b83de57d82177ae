import Testing
import Tributary
import TributaryRendering

@Suite struct TerminalStyleTests {
    @Test func coloursOnlyOnATTYWithoutNO_COLOR() {
        #expect(TerminalStyle.forStream(isTTY: true, environment: [:]).isEnabled)
        #expect(!TerminalStyle.forStream(isTTY: false, environment: [:]).isEnabled)
        #expect(!TerminalStyle.forStream(isTTY: true, environment: ["NO_COLOR": "1"]).isEnabled)
    }
}
