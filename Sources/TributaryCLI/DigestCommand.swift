import ArgumentParser
import Foundation
import Tributary
import TributaryRendering

/// `tributary digest`: the merged digest on standard output.
struct DigestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "digest",
        abstract: "Print the merged digest of every source (progress goes to standard error).",
        discussion: ExitCodes.help
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, markdown, atom, rss, jsonfeed
    }

    @OptionGroup var run: RunOptions
    @OptionGroup var state: StateOptions

    @Option(name: .long, help: "Output format: text, json, markdown, or a feed: atom, rss or jsonfeed.")
    var format: Format = .text

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Cut text lines to this many columns (default: the terminal's width; piped, no cut).", valueName: "n"))
    var width: Int?

    @Flag(name: .long, help: "No terminal hyperlinks on titles (they are on only on a terminal, without NO_COLOR).")
    var noLinks = false

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp("Write to this file (replaced atomically) instead of standard output.", valueName: "path"))
    var out: String?

    func validate() throws {
        if let width, width < 20 { throw ValidationError("--width must be 20 or more") }
    }

    func run() async throws {
        let pipeline = PipelineRun(options: run, state: state)
        let (digest, writes) = try await ExitCodes.reportingFailures {
            try await pipeline.run(try pipeline.loadConfig())
        }
        if let out {
            writes.finish()
            try DigestFile(format: format, path: out).write(digest) { isTTY in
                textRenderer(environment: pipeline.environment, isTTY: isTTY)
            }
            Foundation.exit(ExitCodes.code(for: digest))
        }
        let output = HeldOutput(until: writes)
        switch format {
        case .text:
            let renderer = textRenderer(environment: pipeline.environment, isTTY: StandardOutput.isTTY)
            renderer.render(digest, to: output.write)
        case .json: JSONRenderer().render(digest, to: output.write)
        case .markdown: MarkdownRenderer().render(digest, to: output.write)
        case .atom, .rss, .jsonfeed:
            let bytes = DigestFile.render(
                digest, as: format, text: textRenderer(environment: pipeline.environment, isTTY: false))
            output.write(Data(bytes))
        }
        output.release()
        // Everything is written (standard output is unbuffered): leave now rather than
        // free a large digest item by item (70 ms for 25,000 items).
        Foundation.exit(ExitCodes.code(for: digest))
    }

    /// Text for where it goes: styled, cut and linked on a terminal only.
    private func textRenderer(environment: [String: String], isTTY: Bool) -> TextRenderer {
        let style = TerminalStyle.forStream(isTTY: isTTY, environment: environment)
        return TextRenderer(
            style: style, width: TerminalWidth.resolve(explicit: width, isTTY: isTTY, environment: environment),
            links: style.isEnabled && !noLinks,
            time: TerminalTime(timeZone: TerminalTime.localZone(environment: environment)))
    }
}
