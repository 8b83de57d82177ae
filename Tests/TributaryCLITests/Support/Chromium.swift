import Foundation
import Testing
import TributaryTesting

/// Debian's headless chromium, driven from the command line for the browser tests.
/// Only file:// and 127.0.0.1 pages are loaded, and no other host resolves; every run is
/// bounded in time.
struct Chromium {
    let executable: URL

    /// The installed chromium; records a failure naming the fix when there is none.
    static func require() -> Chromium? {
        let candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        guard let path = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) else {
            Issue.record(
                "chromium is not installed: run scripts/bootstrap --tests (CI installs it) to run the browser tests")
            return nil
        }
        return Chromium(executable: URL(fileURLWithPath: path))
    }

    /// The page's DOM after scripts ran for up to `budget` milliseconds of virtual time.
    func dumpDOM(_ url: URL, budget: Int = 8_000) throws -> String {
        try run(["--dump-dom", "--virtual-time-budget=\(budget)", url.absoluteString])
    }

    /// Saves a PNG of the page at the given window size. A `live` page (one that keeps an
    /// event stream open, which a virtual time budget would wait on forever) is taken 3 s
    /// after it starts loading.
    func screenshot(
        _ url: URL, to file: URL, width: Int = 1280, height: Int = 1600, dark: Bool = false, live: Bool = false
    ) throws {
        var arguments = [
            "--screenshot=\(file.path)", "--window-size=\(width),\(height)", "--hide-scrollbars",
            live ? "--timeout=3000" : "--virtual-time-budget=3000",
        ]
        if dark { arguments.append("--blink-settings=preferredColorScheme=0") }
        _ = try run(arguments + [url.absoluteString])
    }

    /// One screenshot to take: the page, the PNG file, the window size and the colour scheme.
    struct Shot: Sendable {
        var page: URL
        var file: URL
        var width = 1280
        var height = 1600
        var dark = false
    }

    /// Takes the screenshots at once, one chromium each, off the cooperative pool: most of a
    /// launch is waiting (about 1.5 s, 5 s on a busy machine), so they overlap well.
    func screenshots(_ shots: [Shot]) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for shot in shots {
                group.addTask {
                    try await offPool { try screenshot(shot) }
                }
            }
            try await group.waitForAll()
        }
    }

    private func screenshot(_ shot: Shot) throws {
        try screenshot(shot.page, to: shot.file, width: shot.width, height: shot.height, dark: shot.dark)
    }

    private func run(_ arguments: [String], timeout: TimeInterval = 60) throws -> String {
        let scratch = Scratch.folder.appendingPathComponent("chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("stdout")
        try Data().write(to: output)
        let process = Process()
        process.executableURL = executable
        process.arguments =
            [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-default-browser-check",
                // Pages name images on the web (a lightbox's full-size photo): resolve nothing but 127.0.0.1.
                "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
                "--user-data-dir=\(scratch.appendingPathComponent("profile").path)",
            ] + arguments
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning {
            process.terminate()
            throw CocoaError(
                .executableLoad,
                userInfo: [NSLocalizedDescriptionKey: "chromium did not finish within \(Int(timeout)) s"])
        }
        return try String(contentsOf: output, encoding: .utf8)
    }
}
