import Foundation
import GRDB
import Tributary

/// Why a store cannot be used, as a message that names the file and the way out. The
/// store is never deleted or replaced behind the user's back.
enum StateStoreError: Error {
    case newerSchema

    static func describe(_ error: any Error, path: URL) -> TributaryError {
        if let error = error as? TributaryError { return error }
        let reason: String
        switch error {
        case StateStoreError.newerSchema:
            reason = "it was written by a newer Tributary (its schema is newer than this build knows)"
        case let error as DatabaseError:
            reason = describe(error)
        case let error as CocoaError:
            reason = "cannot create its folder (\(error.localizedDescription))"
        default:
            reason = String(describing: error)
        }
        let way = "run with --no-state, or move the file aside (mv \(path.path) \(path.path).old) to start a new store"
        return TributaryError(.unusableState, "state store \(path.path): \(reason); \(way)")
    }

    private static func describe(_ error: DatabaseError) -> String {
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: "the file is not a Tributary state store, or it is corrupt"
        case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            "it cannot be opened for writing (a read-only file or folder?)"
        case .SQLITE_FULL: "the disk is full"
        case .SQLITE_IOERR: "reading or writing it failed (\(error.message ?? "I/O error"))"
        default: error.message ?? "SQLite error \(error.resultCode.rawValue)"
        }
    }
}
