import Foundation

/// Removes the temporary files a killed run left behind. `AtomicFile` names them
/// `.<name>.<pid>.tmp`; one whose process is gone, or that is older than a day (the
/// number may belong to a newer process by now), is no longer being written.
public enum StaleTemporaryFiles {
    /// Sweeps `folder` and the folders directly in it; returns how many files it removed.
    @discardableResult
    public static func sweep(_ folder: URL, now: Date = Date()) -> Int {
        let manager = FileManager.default
        let folders = [folder] + ((try? manager.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
        var removed = 0
        for candidate in folders {
            for name in (try? manager.contentsOfDirectory(atPath: candidate.path)) ?? []
            where isStale(name, in: candidate, now: now) {
                if (try? manager.removeItem(at: candidate.appendingPathComponent(name))) != nil { removed += 1 }
            }
        }
        return removed
    }

    private static func isStale(_ name: String, in folder: URL, now: Date) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
        let parts = name.dropLast(4).split(separator: ".")
        guard let pid = parts.last.flatMap({ pid_t($0) }) else { return false }
        let attributes = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
        let age = (attributes?[.modificationDate] as? Date).map { now.timeIntervalSince($0) } ?? 0
        return !isRunning(pid) || age > 24 * 60 * 60
    }

    private static func isRunning(_ pid: pid_t) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }
}
