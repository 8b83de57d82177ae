import ArgumentParser
import Foundation
import Tributary
import TributaryRendering

/// `digest --out PATH`: the digest in any format, written as `report --out` writes
/// (atomically, through a symbolic link, keeping the file's mode; `-` is standard output).
struct DigestFile {
    let renderer: Renderer
    let path: String

    /// Renders and writes the digest, with the options `options` makes for a terminal
    /// (true) or not; a file that cannot be written is exit 1 with its reason.
    func write(_ digest: Digest, options: (_ toTerminal: Bool) -> RenderOptions) throws {
        let output = ReportOutput(path: path)
        let bytes = renderer.bytes(digest, options: options(output.file == nil && StandardOutput.isTTY))
        do {
            try output.write([bytes[...]])
        } catch {
            StandardError.write("tributary: cannot write \(path): \(AtomicFile.reason(error))")
            throw ExitCode(ExitCodes.partialFailure)
        }
    }
}
