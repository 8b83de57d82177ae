import Foundation
import Mustache
import Tributary

/// The body a webhook POSTs: `{"items": […], "run": {…}}`, the items as `digest --format
/// json` writes them, or the hook's Mustache template rendered over the same values.
///
/// A template whose text starts with `{` or `[` is JSON: its `{{name}}`s are escaped as
/// JSON string contents and the body is sent as `application/json`; any other is sent as
/// `text/plain` with nothing escaped (ntfy, Gotify).
struct WebhookBody {
    let data: Data
    let contentType: String

    init(lines: [String], run: HookRun, template: WebhookTemplate?) {
        let runJSON = run.json(count: lines.count)
        guard let template else {
            data = Data("{\"items\": [\(lines.joined(separator: ", "))], \"run\": \(runJSON)}".utf8)
            contentType = "application/json"
            return
        }
        let context: [String: Any] = [
            "items": lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) },
            "run": (try? JSONSerialization.jsonObject(with: Data(runJSON.utf8))) ?? [:],
            "count": lines.count,
        ]
        data = Data(template.compiled.render(context).utf8)
        contentType = template.isJSON ? "application/json" : "text/plain; charset=utf-8"
    }
}

/// A hook's `template`, compiled: checked when the config is read, rendered at each delivery.
struct WebhookTemplate: Sendable {
    let compiled: MustacheTemplate
    let isJSON: Bool

    /// Compiles `text`; throws a message for feeds.json when it is not a Mustache template.
    init(_ text: String) throws(TemplateProblem) {
        isJSON = text.drop(while: \.isWhitespace).first.map { $0 == "{" || $0 == "[" } ?? false
        _ = JSONStringContent.registerOnce
        do {
            compiled = try MustacheTemplate(
                string: "{{% CONTENT_TYPE: \(isJSON ? JSONStringContent.name : "TEXT")}}" + text)
        } catch {
            throw TemplateProblem(message: "not a Mustache template (\(error)); see docs/hooks.md for examples")
        }
    }

    struct TemplateProblem: Error {
        let message: String
    }
}

/// Escapes `{{name}}` values as the contents of a JSON string, for JSON templates.
struct JSONStringContent: MustacheContentType {
    static let name = "TRIBUTARY_JSON_STRING"

    /// Registers the content type with swift-mustache, the first time it is read.
    static let registerOnce: Void = MustacheContentTypes.register(JSONStringContent(), named: name)

    func escapeText(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20: escaped += String(format: "\\u%04x", scalar.value)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
