import Foundation
import Testing
import Tributary
import TributaryLive
import TributaryTesting

/// An entry's `refresh`: 15 minutes unless it says otherwise, and never below what its
/// upstream can fairly be asked (1m on the network, 1s on this machine).
@Suite struct RefreshIntervalTests {
    let harness = SourceHarness(SourceType(LinesSource<LiveLines>.self))

    func interval(_ entry: String) throws -> Duration {
        try RefreshInterval.of(try harness.entry(entry))
    }

    func problem(_ entry: String) -> String? {
        do {
            _ = try interval(entry)
            return nil
        } catch {
            return (error as? TributaryError)?.message
        }
    }

    @Test func anEntryMaySetRefreshAndDefaultsToFifteenMinutes() throws {
        #expect(try interval(#"{"id": "a", "type": "lines", "refresh": "2m"}"#) == .seconds(120))
        #expect(try interval(#"{"id": "a", "type": "lines"}"#) == .seconds(900))
    }

    @Test func aNetworkHostCannotBeRefreshedMoreOftenThanOnceAMinute() {
        let entry = #"{"id": "a", "type": "lines", "baseURL": "https://example.org", "refresh": "30s"}"#
        #expect(problem(entry) == #"sources[0].refresh: "30s" is below the minimum of "1m" for network hosts"#)
        #expect(problem(#"{"id": "a", "type": "lines", "refresh": "59s"}"#)?.contains(#"minimum of "1m""#) == true)
    }

    @Test func thisMachineMayBeRefreshedEverySecond() throws {
        #expect(
            try interval(#"{"id": "a", "type": "lines", "baseURL": "http://127.0.0.1:8", "refresh": "1s"}"#)
                == .seconds(1))
        #expect(
            try interval(#"{"id": "a", "type": "lines", "baseURL": "http://[::1]:8", "refresh": 1}"#) == .seconds(1))
        #expect(
            problem(#"{"id": "a", "type": "lines", "baseURL": "http://localhost:8", "refresh": "500ms"}"#)
                == #"sources[0].refresh: "500ms" is below the minimum of "1s" for file:// and loopback URLs"#)
    }

    @Test func aBadRefreshIsRefusedWhenTheConfigIsRead() {
        #expect(throws: TributaryError.self) { try harness.entry(#"{"id": "a", "type": "lines", "refresh": "soon"}"#) }
    }
}
