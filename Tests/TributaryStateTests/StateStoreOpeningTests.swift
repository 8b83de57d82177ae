import Foundation
import GRDB
import Testing
@testable import TributaryState

/// Opening a store that is already at the newest schema is part of every digest's
/// start-up: one look at the applied migrations, and no write.
@Suite struct StateStoreOpeningTests {
    /// The SQL statements the store's connections run, in order.
    final class StatementLog: @unchecked Sendable {
        private let lock = NSLock()
        private var statements: [String] = []

        var all: [String] { lock.withLock { statements } }

        func record(_ statement: String) { lock.withLock { statements.append(statement) } }
    }

    func opening(_ path: URL, readingOnly: Bool = false) throws -> [String] {
        let log = StatementLog()
        var configuration = Configuration()
        configuration.prepareDatabase { db in db.trace { log.record("\($0)") } }
        _ = try StateStore(path: path, config: "/feeds.json", configuration: configuration, readingOnly: readingOnly)
        return log.all
    }

    @Test func aStoreOpenedToReadIsCheckedForDamageOnlyWhenItMustBeMigrated() throws {
        let path = StateStoreTests.path()
        #expect(try opening(path, readingOnly: true).contains("PRAGMA quick_check(1)"), "a new store is migrated")
        #expect(!(try opening(path, readingOnly: true).contains("PRAGMA quick_check(1)")))
        #expect(try opening(path).contains("PRAGMA quick_check(1)"), "a store a run writes to is always checked")
    }

    @Test func aStoreAtTheNewestSchemaIsCheckedOnceAndNotMigrated() throws {
        let path = StateStoreTests.path()
        _ = try StateStore(path: path, config: "/feeds.json")
        let statements = try opening(path)
        #expect(statements.filter { $0.contains("grdb_migrations") } == ["SELECT identifier FROM grdb_migrations"])
        // GRDB itself creates and drops `grdb_issue_102` in a transaction when the WAL file
        // is empty (its issues 102 and 1383), as it is after the last connection closed.
        let ours = statements.filter { !$0.contains("grdb_issue_102") }
        #expect(!ours.contains { $0.hasPrefix("CREATE") || $0.hasPrefix("INSERT") }, "\(statements)")
    }

    @Test func aNewStoreIsStillBroughtToTheNewestSchema() throws {
        let path = StateStoreTests.path()
        let statements = try opening(path)
        #expect(statements.contains { $0.hasPrefix("CREATE TABLE \"snapshotChunk\"") }, "\(statements)")
        let applied = try DatabaseQueue(path: path.path).read(StateSchema.migrator.appliedMigrations)
        #expect(applied == StateSchema.migrator.migrations, "every migration this build knows")
        #expect(applied.starts(with: ["v1", "v2", "v3", "v4", "v5", "v6"]) && applied.contains("v7-rows"))
    }
}
