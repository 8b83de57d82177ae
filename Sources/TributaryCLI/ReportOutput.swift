import Foundation
import Tributary

/// Where `report --out` writes: standard output for `-` and `/dev/stdout`; a device or
/// a pipe (`/dev/null`, `/dev/fd/3`) in place, since it cannot be replaced; any other
/// path atomically, through a symbolic link to its target, keeping the target's mode.
enum ReportOutput {
    case standardOutput
    case inPlace(URL)
    case file(URL)

    init(path: String) {
        if path == "-" || path == "/dev/stdout" {
            self = .standardOutput
            return
        }
        var info = stat()
        let isSpecial =
            unsafe stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFREG && info.st_mode & S_IFMT != S_IFDIR
        self = isSpecial ? .inPlace(URL(fileURLWithPath: path)) : .file(URL(fileURLWithPath: path))
    }

    /// The file to open with `--open`, or nil when the report is not one.
    var file: URL? {
        if case .file(let url) = self { return url }
        return nil
    }

    /// Writes `pieces` one after another, unless the running task was cancelled first: a
    /// file is committed only after that check, so an interrupted run leaves an existing
    /// report as it was.
    func write(_ pieces: [ArraySlice<UInt8>]) throws {
        try Task.checkCancellation()
        switch self {
        case .standardOutput:
            for piece in pieces { try FileHandle.standardOutput.write(contentsOf: piece) }
        case .inPlace(let url):
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            for piece in pieces { try handle.write(contentsOf: piece) }
        case .file(let url):
            try AtomicFile.write(to: url) { handle in
                for piece in pieces { try handle.write(contentsOf: piece) }
                try Task.checkCancellation()
            }
        }
    }
}
