import Foundation
import GRDB
import Tributary

/// Why a store cannot be used, as a message that names the file and the way out. The
/// store is never deleted or replaced behind the user's back.
enum StateStoreError: Error {
    case newerSchema
    /// SQLite's `quick_check` found damaged pages; its first finding.
    case damaged(String)
    /// Every archive id below 2^31 has been given (they are never reused).
    case archiveFull

    static func describe(_ error: any Error, path: URL) -> TributaryError {
        if let error = error as? TributaryError { return error }
        let reason: String
        var way = WayOut.moveAside
        switch error {
        case StateStoreError.newerSchema:
            reason = "it was written by a newer Tributary (its schema is newer than this build knows)"
        case StateStoreError.archiveFull:
            reason = "its archive has given every item id below 2^31 (ids are never reused)"
        case StateStoreError.damaged(let finding):
            reason = "it is damaged (SQLite's check found: \(TextCleanup.truncate(finding, to: 120)))"
        case let error as DatabaseError:
            (reason, way) = describe(error)
        case let error as CocoaError:
            // Foundation's own text here is "The operation could not be completed." and a code.
            let denied = error.code == .fileWriteNoPermission ? " (permission denied)" : ""
            reason = "cannot create its folder \(path.deletingLastPathComponent().path)\(denied)"
            way = .writablePath
        default:
            reason = String(describing: error)
        }
        return TributaryError(.unusableState, "state store \(path.path): \(reason); \(way.advice(path))")
    }

    /// What the user can do about it: the file is damaged or from a newer Tributary (move it
    /// aside), its place cannot be written (name another), or the disk is full.
    enum WayOut {
        case moveAside, writablePath, freeSpace

        func advice(_ path: URL) -> String {
            switch self {
            case .moveAside:
                "run with --no-state, or move the file aside (mv \(path.path) \(path.path).old) to start a new store"
            case .writablePath: "run with --no-state, or give --state a file in a folder you can write"
            case .freeSpace: "run with --no-state, or free some space on its disk"
            }
        }
    }

    private static func describe(_ error: DatabaseError) -> (String, WayOut) {
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: ("the file is not a Tributary state store, or it is corrupt", .moveAside)
        case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            ("it cannot be opened for writing (a read-only file or folder?)", .writablePath)
        case .SQLITE_FULL: ("the disk is full", .freeSpace)
        case .SQLITE_IOERR: ("reading or writing it failed (\(error.message ?? "I/O error"))", .moveAside)
        default: (error.message ?? "SQLite error \(error.resultCode.rawValue)", .moveAside)
        }
    }
}
