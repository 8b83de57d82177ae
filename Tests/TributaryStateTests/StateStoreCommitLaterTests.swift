import Foundation
import Testing
import Tributary
@testable import TributaryState

/// `rememberCommittingLater`: the items' memory comes back once they are matched, and the
/// commit is what says whether the run was remembered.
@Suite struct StateStoreCommitLaterTests {
    let start = Date(timeIntervalSince1970: 1_795_300_000)

    @Test func theMemoryIsTheRunsAndTheCommitRemembersTheRunForOtherConnections() throws {
        let path = StateStoreTests.path()
        let store = try StateStore(path: path, config: "/feeds.json")
        let items = [StateStoreTests.item("a"), StateStoreTests.item("b")]
        _ = try store.remember(StateStoreTests.digest([items[0]]), at: start)
        let later = start.addingTimeInterval(60)
        let (memory, commit) = try store.rememberCommittingLater(StateStoreTests.digest(items), at: later)
        #expect(memory[items[0]] == ItemMemory(firstSeen: start, isNew: false, isRead: false))
        #expect(memory[items[1]] == ItemMemory(firstSeen: later, isNew: true, isRead: false))
        try commit.wait()
        let other = try StateStore(path: path, config: "/feeds.json")
        let next = try other.remember(StateStoreTests.digest(items), at: later.addingTimeInterval(60), dryRun: true)
        #expect(items.count { next[$0]?.isNew == true } == 0)
        #expect(next[items[1]]?.firstSeen == later)
    }

    @Test func aCommitThatFailsSaysSoAfterTheMemoryCameBack() throws {
        let path = StateStoreTests.path()
        let store = try StateStoreFailureTests.storeOnAFullDisk(path)
        let many = StateStoreFailureTests.tooManyForTheDisk
        let (memory, commit) = try store.rememberCommittingLater(StateStoreTests.digest(many), at: start)
        #expect(many.count { memory[$0]?.isNew == true } == 2_000)
        let error = #expect(throws: TributaryError.self) { try commit.wait() }
        #expect(error?.code == .unusableState)
        #expect(
            error?.message.hasPrefix("state store \(path.path): the disk is full") == true,
            "\(String(describing: error))")
        let again = try store.remember(StateStoreTests.digest(many), at: start, dryRun: true)
        #expect(many.count { again[$0]?.isNew == true } == 2_000, "a failed commit remembers nothing")
    }
}
