import Foundation

/// Writes files so that readers see the old content or the new, never half of one.
public enum AtomicFile {
    /// Writes `data` to a temporary file beside `url`, then renames it into place.
    public static func write(_ data: Data, to url: URL) throws {
        try write(to: url) { handle in try handle.write(contentsOf: data) }
    }

    /// Lets `fill` write a temporary file beside `url` piece by piece, then renames it
    /// into place; on any error the temporary file is removed and `url` is untouched.
    public static func write(to url: URL, _ fill: (FileHandle) throws -> Void) throws {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
            }
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try fill(handle)
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
