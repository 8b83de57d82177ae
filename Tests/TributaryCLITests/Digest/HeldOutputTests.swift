import Foundation
import Testing
import Tributary
@testable import TributaryCLI
@testable import TributaryState
import TributaryTesting

/// `digest` renders while the store commits the run, and shows nothing before the commit;
/// without a store it streams.
@Suite struct HeldOutputTests {
    /// What reached standard output's stand-in.
    final class Written: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes = Data()
        func append(_ data: Data) { lock.withLock { bytes.append(data) } }
        var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }
    }

    /// An output whose store writes end when the test says so.
    func held(limit: Int = 1 << 20) throws -> (HeldOutput, PendingCommit, Written) {
        let path = Scratch.folder.appendingPathComponent("tributary-held-\(UUID().uuidString)/state.sqlite")
        let store = try StateStore(path: path, config: "/feeds.json")
        let commit = PendingCommit(path: path)
        let writes = StoreWrites(store: store, commit: commit, retention: .seconds(86_400), now: Date())
        let written = Written()
        let output = HeldOutput(
            until: writes, limit: limit, sink: { written.append($0) }, byteSink: { written.append(Data($0)) })
        return (output, commit, written)
    }

    @Test func withoutAStoreEveryWriteGoesStraightOut() {
        let written = Written()
        let output = HeldOutput(until: .none, sink: { written.append($0) }, byteSink: { written.append(Data($0)) })
        output.write(Data("first ".utf8))
        #expect(written.text == "first ")
        output.write(Data("second".utf8))
        #expect(written.text == "first second")
    }

    @Test func nothingGoesOutBeforeTheCommitThenEverythingInOrder() async throws {
        let (output, commit, written) = try held()
        output.write(Data("one ".utf8))
        output.write(Data("two".utf8))
        #expect(written.text.isEmpty)
        nonisolated(unsafe) let releasedOutput = output  // used by the other task only until it ends
        let releasing = Task.detached { unsafe releasedOutput.release() }
        #expect(written.text.isEmpty, "written before the store committed")
        commit.end(.success(()))
        await releasing.value
        #expect(written.text == "one two")
        output.write(Data(" three".utf8))
        #expect(written.text == "one two three")
    }

    @Test func pastTheLimitItWaitsForTheCommitAndWritesThrough() async throws {
        let (output, commit, written) = try held(limit: 8)
        output.write(Data("1234".utf8))
        #expect(written.text.isEmpty)
        nonisolated(unsafe) let blockedOutput = output  // used by the other task only until it ends
        let writing = Task.detached { unsafe blockedOutput.write(Data("56789".utf8)) }
        #expect(written.text.isEmpty, "written before the store committed")
        commit.end(.success(()))
        await writing.value
        #expect(written.text == "123456789")
        output.write(Data("0".utf8))
        #expect(written.text == "1234567890")
    }

    @Test func theFirstWriteAfterTheCommitLetsWhatWasHeldGo() throws {
        let (output, commit, written) = try held()
        output.write(Data("one ".utf8))
        #expect(written.text.isEmpty)
        commit.end(.success(()))
        output.write(Data("two".utf8))
        #expect(written.text == "one two", "held until the limit although the store had committed")
        output.write(Data(" three".utf8))
        #expect(written.text == "one two three")
    }

    @Test func aCommitThatFailedStillShowsTheDigest() throws {
        let (output, commit, written) = try held()
        output.write(Data("items".utf8))
        commit.end(.failure(CancellationError()))
        output.release()
        #expect(written.text == "items")
    }
}
