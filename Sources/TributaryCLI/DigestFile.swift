import ArgumentParser
import Foundation
import Tributary
import TributaryRendering

/// `digest --out PATH`: the digest in any format, written as `report --out` writes
/// (atomically, through a symbolic link, keeping the file's mode; `-` is standard output).
struct DigestFile {
    let format: DigestCommand.Format
    let path: String

    /// Renders and writes the digest; a file that cannot be written is exit 1 with its reason.
    func write(_ digest: Digest, environment: [String: String]) throws {
        let output = ReportOutput(path: path)
        let bytes = render(digest, toTerminal: output.file == nil && StandardOutput.isTTY, environment: environment)
        do {
            try output.write([bytes[...]])
        } catch {
            StandardError.write("tributary: cannot write \(path): \(error.localizedDescription)")
            throw ExitCode(ExitCodes.partialFailure)
        }
    }

    private func render(_ digest: Digest, toTerminal: Bool, environment: [String: String]) -> [UInt8] {
        switch format {
        case .text:
            let style = TerminalStyle.forStream(isTTY: toTerminal, environment: environment)
            return Array(TextRenderer(style: style).render(digest).utf8)
        case .json:
            var bytes: [UInt8] = []
            JSONRenderer().render(digest) { bytes.append(contentsOf: $0) }
            return bytes
        case .markdown:
            return Array(MarkdownRenderer().render(digest).utf8)
        case .atom, .rss, .jsonfeed:
            return Array(Self.feed(digest, as: format).utf8)
        }
    }

    /// The digest as a feed document in `format` (atom, rss or jsonfeed).
    static func feed(_ digest: Digest, as format: DigestCommand.Format) -> String {
        switch format {
        case .rss: RSSRenderer().render(digest)
        case .jsonfeed: JSONFeedRenderer().render(digest)
        default: AtomRenderer().render(digest)
        }
    }
}
