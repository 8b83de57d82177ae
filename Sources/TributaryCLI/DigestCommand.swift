import ArgumentParser
import Foundation
import Tributary
import TributaryHooks
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

    @Flag(
        name: .long,
        help: "Also send the digest by e-mail as feeds.json's \"mail\" says: its new items, as text and HTML.")
    var mail = false

    @Flag(name: .long, help: "With --mail: mail every item of the digest, not only the new ones.")
    var all = false

    @Flag(
        name: .long,
        help: "With --mail: download the thumbnails (2 MB each at most) and inline them in the mail's HTML.")
    var embedImages = false

    func validate() throws {
        if let width, width < 20 { throw ValidationError("--width must be 20 or more") }
        if (all || embedImages) && !mail { throw ValidationError("--all and --embed-images need --mail") }
        if mail && (state.noState || state.dryRun) {
            throw ValidationError("--mail needs the state store to know what is new: drop --no-state and --dry-run")
        }
    }

    func run() async throws {
        var pipeline = PipelineRun(options: run, state: state)
        pipeline.mailing = mail
        let (digest, committing, http) = try await ExitCodes.reportingFailures { [pipeline] in
            let config = try pipeline.loadConfig()
            let http = try pipeline.client(for: config)
            let (digest, writes) = try await Interruption.cancellingOnSignals {
                try await pipeline.run(config, using: http)
            }
            return (digest, writes, http)
        }
        var writes = committing
        if format.renderer.name == Renderer.text.name { writes.rows = digest.items.map(\.id) }  // for `mark-read 3`
        if let out {
            writes.finish()
            try DigestFile(renderer: format.renderer, path: out).write(digest) { isTTY in
                renderOptions(environment: pipeline.environment, isTTY: isTTY)
            }
            await writes.deliverHooks()
            Foundation.exit(await sendMail(writes, digest: digest, http: http) ?? ExitCodes.code(for: digest))
        }
        let output = HeldOutput(until: writes)
        let options = renderOptions(environment: pipeline.environment, isTTY: StandardOutput.isTTY)
        format.renderer.write(digest, options: options, to: output.write)
        output.release()
        await writes.deliverHooks()
        let mailed = await sendMail(writes, digest: digest, http: http)
        // Everything is written (standard output is unbuffered): leave now rather than
        // free a large digest item by item (70 ms for 25,000 items).
        Foundation.exit(mailed ?? ExitCodes.code(for: digest))
    }

    /// Sends `--mail`'s message once the digest is out and says how it went on standard
    /// error; the exit code a failed send calls for, else nil.
    private func sendMail(_ writes: StoreWrites, digest: Digest, http: HTTPClient) async -> Int32? {
        let embedder = embedImages ? ImageEmbedder(fetcher: ThumbnailFetcher(sharing: http)) : nil
        let contents = MailDelivery.Contents(shown: digest, all: all, embedder: embedder)
        guard let report = await writes.deliverMail(contents) else { return nil }
        if let message = report.message, report.failed || report == .busy || !run.quiet {
            StandardError.write(message)
        }
        return report.failed ? ExitCodes.mailFailed : nil
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
