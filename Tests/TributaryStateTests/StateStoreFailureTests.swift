import Foundation
import GRDB
import Testing
import Tributary
@testable import TributaryState

/// A store that cannot be used says which file and what to do, and is never deleted.
@Suite struct StateStoreFailureTests {
    func failure(opening path: URL) -> TributaryError? {
        do {
            _ = try StateStore(path: path, config: "/feeds.json")
            return nil
        } catch {
            return error as? TributaryError
        }
    }

    func expectWayOut(_ error: TributaryError?, _ path: URL, reason: String, way: String? = nil) {
        #expect(error?.code == .unusableState)
        #expect(
            error?.message.hasPrefix("state store \(path.path): \(reason)") == true, "\(error?.message ?? "no error")")
        let way = way ?? "run with --no-state, or move the file aside (mv \(path.path) \(path.path).old)"
        #expect(error?.message.contains(way) == true, "\(error?.message ?? "no error")")
    }

    @Test func aFolderThatCannotBeMadeSaysWhichAndNamesAnotherWayOut() throws {
        let blocker = StateStoreTests.path().deletingLastPathComponent()
        try FileManager.default.createDirectory(
            at: blocker.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("a file where the store's folder would go".utf8).write(to: blocker)
        let path = blocker.appendingPathComponent("state.sqlite")
        expectWayOut(
            failure(opening: path), path, reason: "cannot create its folder \(blocker.path)",
            way: "run with --no-state, or give --state a file in a folder you can write")
    }

    @Test func aStoreMadeBySchemaV1IsUpgradedKeepingItsRows() throws {
        let path = try StateStoreTests.store(upTo: "v1") { db in
            try db.execute(
                sql:
                    "INSERT INTO item (config, source, itemID, firstSeen, lastSeen) VALUES ('/feeds.json', 'news', 'a', 1, 1)"
            )
        }
        let store = try StateStore(path: path, config: "/feeds.json")
        let memory = try store.remember(StateStoreTests.digest([StateStoreTests.item("a")]), at: Date(), dryRun: true)
        #expect(memory[StateStoreTests.item("a")]?.firstSeen == Date(timeIntervalSince1970: 1))
        store.save([StateStoreTests.item("s")], for: "news", at: Date())
        #expect(try StateStoreTests.written(by: store)?.items.count == 1, "v2's snapshot table exists")
    }

    @Test func aVersionTwoSnapshotIsCarriedIntoChunks() throws {
        let blob =
            #"{"savedAt": "2026-11-20T06:00:00Z", "items": [{"id": "a", "source": "news", "sourceType": "feed", "#
            + #""kind": "article", "title": "Kept", "tags": []}]}"#
        let path = try StateStoreTests.store(upTo: "v2") { db in
            try db.execute(
                sql: "INSERT INTO snapshot (config, source, savedAt, items) VALUES ('/feeds.json', 'news', 1, ?)",
                arguments: [Data(blob.utf8)])
        }
        let snapshot = try StateStore(path: path, config: "/feeds.json").load(for: "news")
        #expect(snapshot?.items.map(\.title) == ["Kept"])
        #expect(snapshot?.savedAt == Date(timeIntervalSince1970: 1))
    }

    @Test func aStoreWrittenByANewerSchemaIsRefusedAndKept() throws {
        let path = StateStoreTests.path()
        _ = try StateStore(path: path, config: "/feeds.json")
        let queue = try DatabaseQueue(path: path.path)
        try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99')") }
        try queue.close()
        expectWayOut(failure(opening: path), path, reason: "it was written by a newer Tributary")
        #expect(FileManager.default.fileExists(atPath: path.path))
    }

    @Test func aFileThatIsNotAStoreIsRefusedAndLeftAsItWas() throws {
        let path = StateStoreTests.path()
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        let noise = Data((0..<8192).map { _ in UInt8.random(in: 0...255) })
        try noise.write(to: path)
        expectWayOut(failure(opening: path), path, reason: "the file is not a Tributary state store, or it is corrupt")
        #expect(try Data(contentsOf: path) == noise)
    }

    @Test func aStoreThatCannotBeWrittenSaysSo() throws {
        let path = StateStoreTests.path()
        _ = try StateStore(path: path, config: "/feeds.json")
        var configuration = Configuration()
        // Stands in for a read-only file or folder: tests run as root, where modes do not bind.
        configuration.readonly = true
        let store = try StateStore(path: path, config: "/feeds.json", configuration: configuration)
        do {
            _ = try store.remember(StateStoreTests.digest([StateStoreTests.item("a")]), at: Date())
            Issue.record("wrote to a read-only store")
        } catch let error as TributaryError {
            expectWayOut(
                error, path, reason: "it cannot be opened for writing",
                way: "run with --no-state, or give --state a file in a folder you can write")
        }
    }

    @Test func aFullDiskSaysSo() throws {
        let path = StateStoreTests.path()
        let store = try Self.storeOnAFullDisk(path)
        let many = Self.tooManyForTheDisk
        do {
            _ = try store.remember(StateStoreTests.digest(many), at: Date())
            Issue.record("wrote past a full disk")
        } catch let error as TributaryError {
            expectWayOut(error, path, reason: "the disk is full", way: "free some space on its disk")
        }
    }

    /// A store on a disk with room for two more pages: the writer connection may not grow
    /// the file past them (reading still works).
    static func storeOnAFullDisk(_ path: URL) throws -> StateStore {
        let store = try StateStore(path: path, config: "/feeds.json")
        try store.database.write { db in
            try db.execute(sql: "PRAGMA max_page_count = \(try Int.fetchOne(db, sql: "PRAGMA page_count")! + 2)")
        }
        return store
    }

    /// Items whose records do not fit in two pages.
    static let tooManyForTheDisk = (0..<2_000).map {
        StateStoreTests.item("item-\($0)-" + String(repeating: "x", count: 200))
    }
}
