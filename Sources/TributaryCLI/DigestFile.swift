import ArgumentParser
import Foundation
import Tributary
import TributaryRendering

/// `digest --out PATH`: the digest in any format, written as `report --out` writes
/// (atomically, through a symbolic link, keeping the file's mode; `-` is standard output).
struct DigestFile {
    let format: DigestCommand.Format
    let path: String

    /// Renders and writes the digest, text with the renderer `text` makes for a terminal
    /// (true) or not; a file that cannot be written is exit 1 with its reason.
    func write(_ digest: Digest, text: (_ toTerminal: Bool) -> TextRenderer) throws {
        let output = ReportOutput(path: path)
        let bytes = Self.render(digest, as: format, text: text(output.file == nil && StandardOutput.isTTY))
        do {
            try output.write([bytes[...]])
        } catch {
            StandardError.write("tributary: cannot write \(path): \(AtomicFile.reason(error))")
            throw ExitCode(ExitCodes.partialFailure)
        }
    }

    /// The digest in `format`, as bytes (text through `text`).
    static func render(_ digest: Digest, as format: DigestCommand.Format, text: TextRenderer) -> [UInt8] {
        var bytes: [UInt8] = []
        switch format {
        case .text: text.render(digest) { bytes.append(contentsOf: $0) }
        case .json: JSONRenderer().render(digest) { bytes.append(contentsOf: $0) }
        case .markdown: MarkdownRenderer().render(digest) { bytes.append(contentsOf: $0) }
        case .atom: bytes = Array(AtomRenderer().render(digest).utf8)
        case .rss: bytes = Array(RSSRenderer().render(digest).utf8)
        case .jsonfeed: bytes = Array(JSONFeedRenderer().render(digest).utf8)
        }
        return bytes
    }
}
