import Foundation
import Hummingbird

/// The page's own script and style, served from the module's resources.
struct ServeAssets: Sendable {
    private let files: [String: (type: String, text: String)]

    init() throws {
        let folder = Bundle.module.url(forResource: "Assets", withExtension: nil)!
        files = [
            "live.js": (
                "text/javascript; charset=utf-8",
                try String(contentsOf: folder.appendingPathComponent("live.js"), encoding: .utf8)
            ),
            "live.css": (
                "text/css; charset=utf-8",
                try String(contentsOf: folder.appendingPathComponent("live.css"), encoding: .utf8)
            ),
        ]
    }

    func response(for name: String) -> Response {
        guard let file = files[name] else { return ServeResponse.text("Not found.\n", status: .notFound) }
        return ServeResponse.body(file.text, type: file.type)
    }
}
