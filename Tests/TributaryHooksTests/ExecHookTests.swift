import Foundation
import Testing
import Tributary
import TributaryHooks
import TributaryTesting

/// `exec` hooks: a real shell script that writes what it got.
@Suite struct ExecHookTests {
    @Test func aScriptGetsTheNewItemsAsJSONLinesOnce() async throws {
        let fixture = try HookFixture(hooks: #"[{"name": "log", "exec": ["./log.sh"]}]"#)
        _ = try fixture.script("log.sh", "cat >> got.jsonl")  // run in feeds.json's folder
        let first = try await fixture.run(1...3)
        #expect(first == [HookReport(hook: "log").with(delivered: 3)])
        let lines = fixture.read("got.jsonl").split(separator: "\n")
        #expect(HookFixture.titles(inLines: fixture.read("got.jsonl")) == ["Post 1", "Post 2", "Post 3"])
        let line = try #require(lines.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(
            object["new"] as? Bool == true && object["id"] as? String == "item-1" && object["source"] as? String == "g")
        let second = try await fixture.run(1...5)
        #expect(second == [HookReport(hook: "log").with(delivered: 2)])
        #expect(HookFixture.titles(inLines: fixture.read("got.jsonl")) == (1...5).map { "Post \($0)" })
        let third = try await fixture.run(1...5)
        #expect(third == [HookReport(hook: "log")], "nothing new: the script is not run")
    }

    @Test func aFailingScriptIsWarnedAboutAndGetsTheItemsNextRun() async throws {
        let fixture = try HookFixture(hooks: #"[{"name": "log", "exec": ["./log.sh"]}]"#)
        _ = try fixture.script("log.sh", "echo 'mail server down' >&2\nexit 3")
        let failed = try await fixture.run(1...2)
        #expect(failed.first?.failure == "exited with status 3")
        #expect(failed.first?.diagnostics == ["mail server down"])
        #expect(failed.first?.warning == #"hook "log" failed: exited with status 3 (2 items offered again next run)"#)
        _ = try fixture.script("log.sh", #"cat >> "$(dirname "$0")/got.jsonl""#)
        let next = try await fixture.run(1...3)
        #expect(next == [HookReport(hook: "log").with(delivered: 3)])
        #expect(HookFixture.titles(inLines: fixture.read("got.jsonl")) == ["Post 1", "Post 2", "Post 3"])
    }

    @Test func itemsAreGivenUpOnceTheirRetriesAreSpent() async throws {
        let fixture = try HookFixture(hooks: #"[{"name": "log", "exec": ["./log.sh"], "retries": 1}]"#)
        _ = try fixture.script("log.sh", "exit 1")
        let first = try await fixture.run(1...1)
        #expect(first.first?.waiting == 1 && first.first?.givenUp == 0)
        let second = try await fixture.run(1...1)
        #expect(second.first?.givenUp == 1)
        #expect(second.first?.warning == #"hook "log" failed: exited with status 1 (1 given up after its retries)"#)
        _ = try fixture.script("log.sh", #"cat >> "$(dirname "$0")/got.jsonl""#)
        let third = try await fixture.run(1...2)
        #expect(third == [HookReport(hook: "log").with(delivered: 1)], "only the item that came since")
        #expect(HookFixture.titles(inLines: fixture.read("got.jsonl")) == ["Post 2"])
    }

    @Test func aScriptPastItsDeadlineIsKilledWithWhatItStarted() async throws {
        let fixture = try HookFixture(hooks: #"[{"name": "slow", "exec": ["./slow.sh"], "timeout": "300ms"}]"#)
        _ = try fixture.script("slow.sh", #"sleep 30 & echo $! > "$(dirname "$0")/child.pid"; wait"#)
        let reports = try await fixture.run(1...1)
        #expect(reports.first?.failure?.contains("did not finish within 0.3 s and was killed") == true, "\(reports)")
        let child = try #require(Int32(fixture.read("child.pid").trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(await yieldUntil { kill(child, 0) == -1 }, "the script's own child was killed too")
    }
}

extension HookReport {
    func with(delivered: Int) -> HookReport {
        var report = self
        report.delivered = delivered
        return report
    }
}

/// Which items hooks get besides the new ones, and runs that meet.
@Suite struct HookSelectionTests {
    @Test func anItemANotifyRuleMarkedIsGivenOnceEvenWhenNotNew() async throws {
        let fixture = try HookFixture(
            hooks: #"[{"name": "log", "exec": ["./log.sh"]}]"#,
            rules: #"[{"if": {"title": {"is": "Post 1"}}, "then": ["notify"]}]"#)
        _ = try fixture.script("log.sh", #"cat >> "$(dirname "$0")/got.jsonl""#)
        _ = try fixture.store.remember(HookFixture.digest(1...2), at: Date())  // seen before hooks existed
        var digest = HookFixture.digest(1...2)
        let verdict = RuleBook(fixture.config).verdict(for: digest.items[0], now: Date())
        #expect(verdict.notify)
        digest.ruleMarks["item-1"] = verdict.marks
        for _ in 1...2 {
            let delivery = try fixture.delivery()
            try delivery.stage(digest, at: Date())
            _ = try fixture.store.remember(digest, at: Date())
            _ = await delivery.deliver()
        }
        #expect(HookFixture.titles(inLines: fixture.read("got.jsonl")) == ["Post 1"], "not new, but notified once")
    }

    @Test func aRunFindingAnotherDeliveringLeavesTheItemsWaiting() async throws {
        let fixture = try HookFixture(hooks: #"[{"name": "log", "exec": ["./log.sh"]}]"#)
        _ = try fixture.script("log.sh", #"cat >> "$(dirname "$0")/got.jsonl""#)
        let other = unsafe open(fixture.store.path.path + ".hooks.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #expect(flock(other, LOCK_EX | LOCK_NB) == 0, "the other run holds the lock")
        let busy = try await fixture.run(1...2)
        #expect(busy.first?.failure?.hasPrefix("another run is giving the hooks their items") == true)
        #expect(fixture.read("got.jsonl").isEmpty)
        close(other)
        let next = try await fixture.run(1...2)
        #expect(next == [HookReport(hook: "log").with(delivered: 2)])
    }
}
