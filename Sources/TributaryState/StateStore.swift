import Foundation
import GRDB
import Tributary

/// What must last between runs, in one SQLite file (WAL mode): each shown item's first-
/// and last-seen times and read state, each run's outcome per source, each source's
/// cursor, and its last good items for stale-if-error. Rows belong to one config file,
/// so two configs sharing a store do not mark each other's items as seen. Secrets are
/// never written: items and messages are already redacted, and requests are not kept.
public final class StateStore: Sendable {
    /// The store's file.
    public let path: URL
    /// The config file whose rows this store reads and writes.
    public let config: String
    /// One connection, in WAL mode, not a pool: a pool's reader connections, and GRDB's
    /// setting up of WAL for a pool (which wrote a table and dropped it whenever the last
    /// run had removed the log), were a measurable part of a short run; a run reads little
    /// besides its own writes, and other processes' runs still read while this one writes.
    let database: DatabaseQueue
    /// Snapshots saved and not yet written.
    let snapshotQueue = SnapshotQueue()

    /// `$XDG_STATE_HOME/tributary/state.sqlite`, else `~/.local/state/tributary/state.sqlite`.
    public static func defaultPath(environment: [String: String]) -> URL {
        UserFolder.state.url(environment: environment).appendingPathComponent("state.sqlite")
    }

    /// Opens (or creates) the store at `path` for `config`, bringing it to the newest
    /// schema. Throws a `TributaryError` naming the path and the way out when the file is
    /// not a store, was written by a newer Tributary, or cannot be written.
    ///
    /// With `readingOnly` (`search`, which writes nothing), the pages are checked for damage
    /// only when the schema must be migrated: the check reads every page of the file, many
    /// times a search's cost (`docs/design/performance.md`).
    public convenience init(path: URL, config: String, readingOnly: Bool = false) throws {
        try self.init(path: path, config: config, configuration: Configuration(), readingOnly: readingOnly)
    }

    /// As `init(path:config:readingOnly:)`, with GRDB's configuration as a starting point
    /// (tests use it to stand in a read-only or full disk).
    init(path: URL, config: String, configuration: Configuration, readingOnly: Bool = false) throws {
        self.path = path
        self.config = config
        var configuration = configuration
        configuration.busyMode = .timeout(60)  // another run writing: wait, never "database is locked"
        configuration.prepareDatabase { db in
            // Readers never block the writer, nor the writer readers (another run's `state`).
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            // WAL's recommended level: a killed run loses nothing committed; a power cut may
            // lose the last run's writes but never corrupts the file. FULL synced every commit.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // Read pages through a memory map, not a pread each: matching 100,000 items
            // read about 60,000 pages (240 MB) through SQLite's 2 MB page cache, one
            // system call each, when every item had a row (schema v4).
            try db.execute(sql: "PRAGMA mmap_size = 268435456")
        }
        do {
            try FileManager.default.createDirectory(
                at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
            database = try Self.openHoldingTheOpeningLock(path, configuration, readingOnly: readingOnly)
        } catch {
            throw StateStoreError.describe(error, path: path)
        }
    }

    /// Opens the database and brings it to the newest schema, holding an exclusive lock on
    /// `state.sqlite.lock` meanwhile: two runs opening a new store at once would otherwise
    /// both switch it to WAL and both create its tables (GRDB's migrator checks and
    /// migrates in separate steps). The lock is advisory and dies with the process.
    private static func openHoldingTheOpeningLock(
        _ path: URL, _ configuration: Configuration, readingOnly: Bool
    ) throws -> DatabaseQueue {
        let lock = unsafe open(path.path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        defer { if lock >= 0 { close(lock) } }  // closing releases the lock
        if lock >= 0 { _ = flock(lock, LOCK_EX) }
        makePrivate(path)
        let database = try DatabaseQueue(path: path.path, configuration: configuration)
        if !readingOnly { try refuseIfDamaged(database) }
        try StateSchema.bringUpToDate(database) { if readingOnly { try refuseIfDamaged(database) } }
        return database
    }

    /// The store holds what the user follows and reads: it and its WAL are readable by the
    /// user alone (0600, as the lock), whatever the umask. A new store is created so before
    /// SQLite opens it (SQLite gives the WAL and shared-memory files the store's mode);
    /// an older one is narrowed.
    private static func makePrivate(_ path: URL) {
        let files = FileManager.default
        if !files.fileExists(atPath: path.path) {
            // Where it cannot be made, SQLite says why when it opens the store.
            _ = files.createFile(atPath: path.path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        for suffix in ["", "-wal", "-shm"] {
            try? files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path.path + suffix)
        }
    }

    /// Refuses a store with damaged pages before anything is written to it: writing would
    /// spread the damage, and the user's way out (moving it aside) keeps what can be saved.
    private static func refuseIfDamaged(_ database: DatabaseQueue) throws {
        let finding = try database.read { try String.fetchOne($0, sql: "PRAGMA quick_check(1)") }
        if let finding, finding != "ok" { throw StateStoreError.damaged(finding) }
    }

    /// Copies what the write-ahead log holds into the store file, so that a copy of
    /// `state.sqlite` alone (a backup) holds every run. Passive: it waits for no reader,
    /// and what a reader still needs is copied by the next run's. So is what another run's
    /// checkpoint, under way at the same moment, leaves (SQLite answers SQLITE_BUSY then,
    /// without waiting: the archive's larger commits made two runs at once meet there).
    public func checkpoint() throws {
        do {
            _ = try database.writeWithoutTransaction { try $0.checkpoint(.passive) }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
            return
        } catch {
            throw StateStoreError.describe(error, path: path)
        }
    }

    /// Runs a write transaction, turning database errors into ones that name the store.
    func write<Result>(_ updates: (Database) throws -> Result) throws -> Result {
        do {
            return try database.write(updates)
        } catch {
            throw StateStoreError.describe(error, path: path)
        }
    }

    /// Runs a read, turning database errors into ones that name the store.
    func read<Result>(_ value: (Database) throws -> Result) throws -> Result {
        do {
            return try database.read(value)
        } catch {
            throw StateStoreError.describe(error, path: path)
        }
    }

    /// The store's size on disk, its WAL and shared-memory files included.
    public var sizeOnDisk: Int {
        ["", "-wal", "-shm"].reduce(0) { total, suffix in
            let attributes = try? FileManager.default.attributesOfItem(atPath: path.path + suffix)
            return total + ((attributes?[.size] as? Int) ?? 0)
        }
    }
}
