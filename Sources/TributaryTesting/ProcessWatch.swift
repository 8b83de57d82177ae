import Foundation

/// Watches processes that a test's plugin fixtures start, by the process ids they write
/// into a folder, to check what is still running after Tributary or a plugin ends.
public struct ProcessWatch: Sendable {
    /// The folder fixtures write their process ids into, one file per name.
    public let folder: URL

    /// A watch over a fresh, empty temporary folder.
    public init() throws {
        folder = Scratch.folder.appendingPathComponent("tributary-pids-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// The process id a fixture wrote into the file `name`, waiting up to `limit` for it.
    public func processID(_ name: String, within limit: Duration = .seconds(60)) async throws -> Int32? {
        let file = folder.appendingPathComponent(name)
        var text: String?
        _ = try await Self.poll(within: limit) {
            text = try? String(contentsOf: file, encoding: .utf8)
            return text != nil
        }
        return text.flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// True once process `pid` no longer runs (gone, or a zombie), waiting up to `limit`.
    public static func hasEnded(_ pid: Int32, within limit: Duration) async throws -> Bool {
        try await poll(within: limit) { !isRunning(pid) }
    }

    /// Checks `condition` every 20 ms until it holds (true) or `limit` has passed (false).
    private static func poll(within limit: Duration, _ condition: () -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + limit
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try await Task.sleep(for: .milliseconds(20))
        }
        return true
    }

    /// The first process `pid` started and still has, from /proc/PID/task/PID/children.
    public static func child(of pid: Int32) -> Int32? {
        let children = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)
        return children?.split(separator: " ").first.flatMap { Int32($0) }
    }

    /// Whether `pid` exists and is not a zombie, from /proc/PID/stat ("pid (name) state …").
    public static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let nameEnd = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[nameEnd...].dropFirst(2).first
        return state != "Z" && state != "X"
    }
}
