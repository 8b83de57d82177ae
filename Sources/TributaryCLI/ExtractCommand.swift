import ArgumentParser
import Foundation
import Tributary
import TributaryExtract

/// `tributary extract URL|FILE`: prints a page's main article.
struct ExtractCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Print a web page's main article: its title, byline, date and text.",
        discussion: """
            A URL is fetched as sources are (size cap, timeout, no redirect to a private address); a FILE is read \
            as it is. Links and images are made absolute against --url, else the page's <base href>, else its \
            address. Exits 1 when the page holds no article (nothing is printed then), 64 for bad arguments.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, html, json
    }

    @Option(name: .long, help: "The output: text (paragraphs), html (cleaned) or json.")
    var format: Format = .text

    @Option(name: .long, help: ArgumentHelp("The page's address, for a FILE's relative links.", valueName: "url"))
    var url: String?

    @Argument(help: ArgumentHelp("A page's http or https address, or an HTML file.", valueName: "url|file"))
    var page: String

    private var isAddress: Bool { page.hasPrefix("http://") || page.hasPrefix("https://") }

    func validate() throws {
        if let url, Self.webAddress(url) == nil {
            throw ValidationError("--url \(TextCleanup.singleLine(url)) is not an http or https address")
        }
        if isAddress && Self.webAddress(page) == nil {
            throw ValidationError("\(TextCleanup.singleLine(Redaction.redact(page))) is not a valid address")
        }
    }

    func run() async throws {
        let (body, address) = try await isAddress ? fetch() : read()
        do {
            let article = try ArticleExtractor().extract(from: body, url: url.flatMap(Self.webAddress) ?? address)
            StandardOutput.write(ArticleOutput(article: article).render(format))
        } catch {
            StandardError.write(
                "tributary: \(TextCleanup.singleLine(isAddress ? Redaction.redact(page) : page)): "
                    + error.message)
            throw ExitCode(ExitCodes.partialFailure)
        }
    }

    static func webAddress(_ text: String) -> URL? {
        guard let address = URL(string: text), ["http", "https"].contains(address.scheme?.lowercased()),
            address.host != nil
        else { return nil }
        return address
    }

    /// The page at the address, through the HTTP client `add` uses; its final address after redirects.
    private func fetch() async throws -> (Data, URL?) {
        let address = Self.webAddress(page)!
        do {
            let response = try await AddClient.make(FeedsConfig()).send(HTTPRequest(url: address))
            try response.requireSuccess()
            return (response.body, response.redirectedTo ?? address)
        } catch let error as TributaryError {
            StandardError.write("tributary: " + error.message)
            throw ExitCode(ExitCodes.partialFailure)
        }
    }

    private func read() throws -> (Data, URL?) {
        let file = URL(fileURLWithPath: page)
        do {
            let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
            let limit = ArticleExtractor.defaultMaxPageSize
            guard size <= limit else { throw ExtractionError.tooLarge(size: size, limit: limit) }
            return (try Data(contentsOf: file), nil)
        } catch let error as ExtractionError {
            StandardError.write("tributary: \(TextCleanup.singleLine(page)): " + error.message)
            throw ExitCode(ExitCodes.partialFailure)
        } catch {
            StandardError.write("tributary: cannot read \(TextCleanup.singleLine(page)): \(error.localizedDescription)")
            throw ExitCode(ExitCodes.partialFailure)
        }
    }
}
