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
        let toTerminal = output.file == nil && StandardOutput.isTTY
        let bytes = Self.render(digest, as: format, toTerminal: toTerminal, environment: environment)
        do {
            try output.write([bytes[...]])
        } catch {
            StandardError.write("tributary: cannot write \(path): \(Self.reason(error))")
            throw ExitCode(ExitCodes.partialFailure)
        }
    }

    /// The digest in `format`, as bytes; text is coloured only for a terminal.
    static func render(
        _ digest: Digest, as format: DigestCommand.Format, toTerminal: Bool, environment: [String: String]
    ) -> [UInt8] {
        switch format {
        case .text:
            let style = TerminalStyle.forStream(isTTY: toTerminal, environment: environment)
            return Array(TextRenderer(style: style).render(digest).utf8)
        case .json:
            var bytes: [UInt8] = []
            JSONRenderer().render(digest) { bytes.append(contentsOf: $0) }
            return bytes
        case .markdown: return Array(MarkdownRenderer().render(digest).utf8)
        case .atom: return Array(AtomRenderer().render(digest).utf8)
        case .rss: return Array(RSSRenderer().render(digest).utf8)
        case .jsonfeed: return Array(JSONFeedRenderer().render(digest).utf8)
        }
    }

    /// The system's reason for a failed write (`No such file or directory`), else the error.
    private static func reason(_ error: any Error) -> String {
        guard let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? POSIXError else {
            return error.localizedDescription
        }
        return String(cString: strerror(posix.code.rawValue))
    }
}
