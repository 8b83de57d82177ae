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

    @OptionGroup var run: RunOptions
    @OptionGroup var state: StateOptions

    @Option(name: .long, help: "Output format (atom, rss and jsonfeed are feeds to subscribe to).")
    var format = OutputFormat(.text)

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
        let (digest, committing) = try await ExitCodes.reportingFailures {
            try await pipeline.run(try pipeline.loadConfig())
        }
        var writes = committing
        if format.renderer.name == Renderer.text.name { writes.rows = digest.items.map(\.id) }  // for `mark-read 3`
        if let out {
            writes.finish()
            try DigestFile(renderer: format.renderer, path: out).write(digest) { isTTY in
                renderOptions(environment: pipeline.environment, isTTY: isTTY)
            }
            await writes.deliverHooks()
            Foundation.exit(ExitCodes.code(for: digest))
        }
        let output = HeldOutput(until: writes)
        let options = renderOptions(environment: pipeline.environment, isTTY: StandardOutput.isTTY)
        format.renderer.write(digest, options: options, to: output.write)
        output.release()
        await writes.deliverHooks()
        // Everything is written (standard output is unbuffered): leave now rather than
        // free a large digest item by item (70 ms for 25,000 items).
        Foundation.exit(ExitCodes.code(for: digest))
    }

    /// Text for where it goes: styled, cut and linked on a terminal only.
    private func renderOptions(environment: [String: String], isTTY: Bool) -> RenderOptions {
        let style = TerminalStyle.forStream(isTTY: isTTY, environment: environment)
        return RenderOptions(
            style: style, width: TerminalWidth.resolve(explicit: width, isTTY: isTTY, environment: environment),
            links: style.isEnabled && !noLinks,
            time: TerminalTime(timeZone: TerminalTime.localZone(environment: environment)))
    }
}
