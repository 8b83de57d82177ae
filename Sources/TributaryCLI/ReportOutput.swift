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
        let isSpecial = stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFREG && info.st_mode & S_IFMT != S_IFDIR
        self = isSpecial ? .inPlace(URL(fileURLWithPath: path)) : .file(URL(fileURLWithPath: path))
    }

    /// The file to open with `--open`, or nil when the report is not one.
    var file: URL? {
        if case .file(let url) = self { return url }
        return nil
    }

    /// Writes `data`, unless the running task was cancelled first: a file is committed
    /// only after that check, so an interrupted run leaves an existing report as it was.
    func write(_ data: Data) throws {
        try Task.checkCancellation()
        switch self {
        case .standardOutput:
            StandardOutput.write(data)
        case .inPlace(let url):
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
        case .file(let url):
            try AtomicFile.write(to: url) { handle in
                try handle.write(contentsOf: data)
                try Task.checkCancellation()
            }
        }
    }
}
