import Foundation
import TributaryBytes

/// Writes files so that readers see the old content or the new, never half of one.
///
/// A symbolic link is followed: the file it points to is replaced and the link stays.
/// A replaced file keeps its permission bits; a new one gets 0666 less the umask, unless
/// the caller names a mode.
public enum AtomicFile {
    /// Writes `data` to a temporary file beside the target, then renames it into place;
    /// with `mode`, the file has those permission bits whatever it had before.
    public static func write(_ data: Data, to url: URL, mode: mode_t? = nil) throws {
        try write(to: url, mode: mode) { handle in try handle.write(contentsOf: data) }
    }

    /// Lets `fill` write a temporary file beside the target piece by piece, then renames it
    /// into place; on any error the temporary file is removed and the target is untouched.
    public static func write(to url: URL, mode: mode_t? = nil, _ fill: (FileHandle) throws -> Void) throws {
        let target = try resolvingSymbolicLinks(url)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            let handle = try create(temporary, mode: mode ?? permissions(of: target))
            defer { try? handle.close() }
            try fill(handle)
            guard SystemCalls.move(temporary.path, over: target.path) else { throw failure(writing: target) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// The file `url` names once symbolic links are followed (at most 40, as the kernel
    /// allows); a link to nothing names the file it would point to.
    static func resolvingSymbolicLinks(_ url: URL) throws -> URL {
        var current = url
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path) else {
                return current
            }
            current =
                destination.hasPrefix("/")
                ? URL(fileURLWithPath: destination)
                : current.deletingLastPathComponent().appendingPathComponent(destination)
        }
        errno = ELOOP
        throw failure(writing: url)
    }

    /// The permission bits of the file at `url`, or nil when there is none.
    private static func permissions(of url: URL) -> mode_t? {
        SystemCalls.permissions(ofFileAt: url.path).map { mode_t($0) }
    }

    /// A new temporary file with `mode`, or 0666 less the umask; never through a link.
    private static func create(_ file: URL, mode: mode_t?) throws -> FileHandle {
        let descriptor = SystemCalls.createForWriting(file.path, mode: UInt32(mode ?? 0o666))
        guard descriptor >= 0 else { throw failure(writing: file) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        if let mode, fchmod(descriptor, mode) != 0 { throw failure(writing: file) }
        return handle
    }

    /// The system's reason for a failed write in plain words (`Permission denied`,
    /// `No space left on device`, `Is a directory`), not Foundation's "The operation could
    /// not be completed"; else the error's own description.
    public static func reason(_ error: any Error) -> String {
        let error = error as NSError
        let underlying = error.userInfo[NSUnderlyingErrorKey]
        if let posix = (underlying as? POSIXError)?.code.rawValue ?? (error as? POSIXError)?.code.rawValue {
            return SystemCalls.reason(posix)
        }
        let posix = [error, underlying as? NSError].compactMap { $0 }.first { $0.domain == NSPOSIXErrorDomain }
        return posix.map { SystemCalls.reason(Int32($0.code)) } ?? error.localizedDescription
    }

    /// The error for the last failed call, naming the file and the system's reason.
    private static func failure(writing file: URL) -> CocoaError {
        var info: [String: Any] = [NSFilePathErrorKey: file.path]
        if let code = POSIXErrorCode(rawValue: errno) { info[NSUnderlyingErrorKey] = POSIXError(code) }
        return CocoaError(.fileWriteUnknown, userInfo: info)
    }
}
