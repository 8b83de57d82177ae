import ArgumentParser
import Foundation
import Tributary
import TributaryRendering

/// `tributary report`: the merged digest as one self-contained HTML page.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write the merged digest as one self-contained HTML page (progress goes to standard error).",
        discussion: ExitCodes.help
    )

    @OptionGroup var run: RunOptions
    @OptionGroup var state: StateOptions

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp("The HTML file to write (replaced atomically; - for standard output).", valueName: "path"),
        completion: .file(extensions: ["html"])
    )
    var out: String = "digest.html"

    @Flag(name: .long, help: "Open the report with xdg-open when it is written.")
    var open = false

    @Flag(
        name: .long, inversion: .prefixedNo,
        help: ArgumentHelp(
            "Download thumbnails (2 MB each at most) and inline them, so the page needs no network "
                + "(the default with --replay).")
    )
    var embedImages: Bool?

    @Option(
        name: .long, help: ArgumentHelp("A Mustache template to use instead of the built-in one.", valueName: "path"),
        completion: .file(extensions: ["mustache", "html"]))
    var template: String?

    func validate() throws {
        if open && ReportOutput(path: out).file == nil { throw ValidationError("--open needs --out to name a file") }
    }

    func run() async throws {
        let renderer = try loadRenderer()
        let output = ReportOutput(path: out)
        let (digest, size) = try await ExitCodes.reportingFailures { [self] in
            try await Interruption.cancellingOnSignals { [self] in try await write(renderer, to: output) }
        }
        let written = out == "-" ? "standard output" : out
        if !run.quiet { StandardError.write("tributary: wrote \(written) (\(ByteCount.format(size)))") }
        if open, let file = output.file { ReportOpener.open(file) }
        let code = ExitCodes.code(for: digest)
        if code != ExitCodes.success { throw ExitCode(code) }
    }

    /// Fetches, renders and writes the report; returns the digest and the page's size.
    /// Nothing is written once the task is cancelled.
    private func write(_ renderer: HTMLReportRenderer, to output: ReportOutput) async throws -> (Digest, Int) {
        let pipeline = PipelineRun(options: run, state: state)
        let config = try pipeline.loadConfig()
        let http = try pipeline.client(for: config)
        // A replayed run is offline: its page should not ask the web for its pictures either.
        let fetcher = (embedImages ?? (run.replay != nil)) ? ThumbnailFetcher(sharing: http) : nil
        let (digest, writes) = try await pipeline.run(config, using: http, thumbnails: fetcher)
        var images = ReportImages.linked
        if let fetcher { images = await ImageEmbedder(fetcher: fetcher).embed(digest) }
        try Task.checkCancellation()
        let page = renderer.renderUTF8(digest, images: images)
        writes.finish()  // the page rendered while the store committed the run
        try output.write(page)
        await writes.deliverHooks()
        return (digest, page.reduce(0) { $0 + $1.count })
    }

    /// The built-in template, or `--template`; a bad template is an argument error (exit 64),
    /// found before fetching. Its line is written here: a `ValidationError` thrown in `run`
    /// would print the usage of `tributary`, not of `report`.
    private func loadRenderer() throws -> HTMLReportRenderer {
        guard let template else { return try HTMLReportRenderer() }
        do {
            return try HTMLReportRenderer(templateFile: URL(fileURLWithPath: template))
        } catch {
            StandardError.write(
                "tributary: --template \(TextCleanup.singleLine(template)): \(TemplateErrorMessage.describe(error))")
            throw ExitCode.validationFailure
        }
    }
}
