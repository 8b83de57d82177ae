import ArgumentParser
import TributaryRendering

/// `digest --format`'s value: a format of `Renderer.all`, by name, which its help lists.
struct OutputFormat: ExpressibleByArgument, Sendable {
    let renderer: Renderer

    init(_ renderer: Renderer) {
        self.renderer = renderer
    }

    init?(argument: String) {
        guard let renderer = Renderer.named(argument) else { return nil }
        self.renderer = renderer
    }

    var defaultValueDescription: String { renderer.name }
    static var allValueStrings: [String] { Renderer.all.map(\.name) }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

/// `watch --format`'s value: a format of `Renderer.all` that writes one item per line
/// (the feed formats are whole documents).
struct LineFormat: ExpressibleByArgument, Sendable {
    let renderer: Renderer

    init(_ renderer: Renderer) {
        self.renderer = renderer
    }

    init?(argument: String) {
        guard let renderer = Renderer.named(argument), renderer.writesLines else { return nil }
        self.renderer = renderer
    }

    var defaultValueDescription: String { renderer.name }
    static var allValueStrings: [String] { Renderer.all.filter(\.writesLines).map(\.name) }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
