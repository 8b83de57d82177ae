import Foundation

/// Where tests write their files: one folder per test process under the system's temporary
/// folder, removed when the process exits, so a test run leaves nothing behind in `/tmp`.
public enum Scratch {
    /// This process's scratch folder, created on first use.
    public static var folder: URL { created.url }

    private static let created: (url: URL, cleanup: Int32) = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tributary-tests-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: url)  // a folder left by a killed run with this pid
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return (url, atexit { try? FileManager.default.removeItem(at: Scratch.folder) })
    }()
}
