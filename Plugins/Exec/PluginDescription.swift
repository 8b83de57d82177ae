import Foundation
import Tributary

/// What `tributary-source-NAME --describe` prints, for `tributary sources`:
///
/// ```json
/// {"summary": "links from a local text or CSV file",
///  "options": [{"name": "file", "type": "string", "summary": "the file to read", "required": true},
///              {"name": "kind", "type": "string", "summary": "the items' kind", "default": "article"}]}
/// ```
/// `summary` is required; `options` and each option's `type`, `summary`, `default`
/// (any JSON value) and `required` are optional.
public struct PluginDescription: Sendable, Equatable, Decodable {
    public struct Option: Sendable, Equatable, Decodable {
        public var name: String
        public var type: String?
        public var summary: String?
        public var defaultValue: String?
        public var required: Bool?

        enum CodingKeys: String, CodingKey {
            case name, type, summary, required
            case defaultValue = "default"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            type = try container.decodeIfPresent(String.self, forKey: .type)
            summary = try container.decodeIfPresent(String.self, forKey: .summary)
            required = try container.decodeIfPresent(Bool.self, forKey: .required)
            defaultValue = try container.decodeIfPresent(JSONValue.self, forKey: .defaultValue).flatMap(Self.text)
        }

        /// A default as `tributary sources` shows it: strings bare, anything else as JSON.
        static func text(_ value: JSONValue) -> String? {
            if case .null = value { return nil }
            if let text = value.stringValue { return text }
            return (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    public var summary: String
    public var options: [Option]

    enum CodingKeys: String, CodingKey { case summary, options }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        summary = try container.decode(String.self, forKey: .summary)
        options = try container.decodeIfPresent([Option].self, forKey: .options) ?? []
    }

    /// Parses `--describe` output, with a reason when it does not fit the schema.
    public static func parse(_ data: Data) throws -> PluginDescription {
        do {
            return try JSONDecoder().decode(PluginDescription.self, from: data)
        } catch {
            throw TributaryError(
                .badResponse,
                "--describe printed no valid description (\(reason(error))); expected {\"summary\": \"…\", "
                    + "\"options\": [{\"name\": \"…\", \"type\": \"…\", \"summary\": \"…\"}]}"
            )
        }
    }

    /// Runs `plugin --describe` with a short deadline and parses what it prints.
    public static func describe(_ plugin: DiscoveredPlugin, timeout: Duration = .seconds(5)) async throws
        -> PluginDescription
    {
        let process = PluginProcess(
            arguments: [plugin.executable.path, "--describe"], timeout: timeout, maxOutputSize: 256 * 1024)
        let outcome = try await process.run()
        guard outcome.exitStatus == 0 else {
            let last = outcome.errorLines.last.map { ": \($0)" } ?? ""
            let how =
                outcome.exitStatus.map { "exited with status \($0)" } ?? "was killed by signal \(outcome.signal ?? 0)"
            throw TributaryError(.badResponse, "--describe \(how)\(last)")
        }
        return try parse(outcome.output)
    }

    static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "missing \"\((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "wrong type at \"\(context.codingPath.map(\.stringValue).joined(separator: "."))\""
        default:
            return "not valid JSON"
        }
    }
}
