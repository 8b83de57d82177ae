import ArgumentParser
import Foundation

/// `tributary-bench generate`: writes one synthetic RSS or Atom file.
struct GenerateFeed: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate", abstract: "Write a synthetic RSS or Atom feed to a file.")

    enum Format: String, ExpressibleByArgument { case rss, atom }

    @Option(help: "rss or atom.")
    var format: Format = .rss

    @Option(help: "How many items.")
    var items: Int = 100_000

    @Option(help: "The file to write.")
    var out: String

    func run() throws {
        let data =
            format == .rss
            ? SyntheticFeed.rss(name: "bench", items: items) : SyntheticFeed.atom(name: "bench", items: items)
        try data.write(to: URL(fileURLWithPath: out))
        print("\(out): \(items) items, \(data.count) bytes")
    }
}
