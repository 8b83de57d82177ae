import Foundation
import Glibc

/// What the text-digest tests need around the binary: a config whose one source is an
/// exec plugin printing chosen items, a run under a pseudo-terminal (`script`), and an
/// independent measure of display cells (glibc's `wcwidth`).
enum TerminalRun {
    /// A feeds.json with one `exec` source, `lines`, that prints `items` (JSON lines).
    static func config(items: [[String: String]]) throws -> URL {
        let file = try TributaryBinary.config("{}")
        let folder = file.deletingLastPathComponent()
        let output = folder.appendingPathComponent("items.jsonl")
        let lines = try items.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: output)
        let config = #"{"sources": [{"id": "lines", "type": "exec", "command": ["/bin/cat", "\#(output.path)"]}]}"#
        try Data(config.utf8).write(to: file)
        return file
    }

    /// Runs the binary with standard output on a pseudo-terminal of `columns` columns
    /// (0: one that reports no size); returns its exit status and output, CR LF made LF.
    static func onTerminal(
        _ arguments: [String], columns: Int, environment: [String: String] = [:]
    ) async throws -> TributaryBinary.Result {
        let command = ([TributaryBinary.executable.path] + arguments).map(quoted).joined(separator: " ")
        let script = "stty cols \(columns) rows 40 2>/dev/null; exec \(command) 2>/dev/null"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", script, "/dev/null"]
        process.environment = TributaryBinary.isolatedEnvironment.merging(environment) { _, new in new }
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return try await offPool {
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
            return TributaryBinary.Result(status: process.terminationStatus, stdout: text, stderr: "")
        }
    }

    private static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// glibc's `wcwidth`, which the Glibc module does not export (it needs `_XOPEN_SOURCE`).
    private static let wcwidth: @convention(c) (Int32) -> Int32 = {
        _ = unsafe setlocale(LC_CTYPE, "C.UTF-8")
        let symbol = unsafe dlsym(dlopen(nil, RTLD_NOW), "wcwidth")!
        return unsafe unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
    }()

    /// Display cells by glibc's tables, per grapheme cluster: its widest code point, and
    /// two for a cluster shown as an emoji picture (VS16, a regional-indicator flag).
    static func cells(_ line: Substring) -> Int {
        line.reduce(0) { total, character in
            let scalars = character.unicodeScalars
            if scalars.contains("\u{FE0F}") || scalars.contains(where: { (0x1F1E6...0x1F1FF).contains($0.value) }) {
                return total + 2
            }
            return total + scalars.map { max(0, Int(wcwidth(Int32(bitPattern: $0.value)))) }.max()!
        }
    }

    /// The text without the SGR (colour) and OSC 8 (hyperlink) sequences Tributary writes
    /// for items linking to https://example.com/.
    static func withoutOwnEscapes(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            .replacingOccurrences(
                of: "\u{1B}]8;;(https://example\\.com/[!-~]*)?\u{1B}\\\\", with: "", options: .regularExpression)
    }
}
