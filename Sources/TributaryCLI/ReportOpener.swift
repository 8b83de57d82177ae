import Foundation

/// Opens a written report for `--open`: with `xdg-open` when it is installed,
/// otherwise by printing the file's path on standard error.
enum ReportOpener {
    static func open(_ file: URL) {
        guard let opener = xdgOpen() else {
            StandardError.write("tributary: xdg-open not found; open \(file.path) in a browser")
            return
        }
        let process = Process()
        process.executableURL = opener
        process.arguments = [file.path]
        do {
            try process.run()
        } catch {
            StandardError.write(
                "tributary: could not run xdg-open (\(error.localizedDescription)); open \(file.path) in a browser")
        }
    }

    private static func xdgOpen() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("xdg-open") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
