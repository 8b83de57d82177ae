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

    @Option(name: .long, help: ArgumentHelp("The HTML file to write (replaced atomically).", valueName: "path"))
    var out: String = "digest.html"

    @Flag(name: .long, help: "Open the report with xdg-open when it is written.")
    var open = false

    @Flag(name: .long, help: "Download thumbnails (2 MB each at most) and inline them, so the page needs no network.")
    var embedImages = false

    @Option(name: .long, help: ArgumentHelp("A Mustache template to use instead of the built-in one.", valueName: "path"))
    var template: String?

    func run() async throws {
        let renderer = try loadRenderer()
        let pipeline = PipelineRun(options: run, state: state)
        let (digest, images) = try await fetch(pipeline)
        let file = URL(fileURLWithPath: out)
        let html = Data(renderer.render(digest, images: images).utf8)
        try AtomicFile.write(html, to: file)
        if !run.quiet { StandardError.write("tributary: wrote \(out) (\(ByteCount.format(html.count)))") }
        if open { ReportOpener.open(file) }
        let code = ExitCodes.code(for: digest)
        if code != ExitCodes.success { throw ExitCode(code) }
    }

    /// The digest, and the thumbnails when embedding, with the exit codes of `digest`.
    private func fetch(_ pipeline: PipelineRun) async throws -> (Digest, ReportImages) {
        try await ExitCodes.reportingFailures {
            let config = try pipeline.loadConfig()
            let http = try pipeline.client(for: config)
            let fetcher = embedImages ? ThumbnailFetcher(sharing: http) : nil
            let digest = try await pipeline.run(config, using: http, thumbnails: fetcher)
            guard let fetcher else { return (digest, .linked) }
            let images = try await Interruption.cancellingOnSIGINT { await ImageEmbedder(fetcher: fetcher).embed(digest) }
            return (digest, images)
        }
    }

    /// The built-in template, or `--template`; a bad template is an argument error, found before fetching.
    private func loadRenderer() throws -> HTMLReportRenderer {
        guard let template else { return try HTMLReportRenderer() }
        do {
            return try HTMLReportRenderer(templateFile: URL(fileURLWithPath: template))
        } catch {
            throw ValidationError("--template \(template): \(error)")
        }
    }
}
