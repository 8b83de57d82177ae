import Foundation
import Tributary

/// The entries the checks run: the README's sample, with members added or replaced.
extension SourceConformance {
    /// The repository's root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The plugin README's JSON samples, in order.
    func readmeSamples() throws -> [String] {
        let readme = Self.root.appendingPathComponent("Plugins/\(plugin)/README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        return text.components(separatedBy: "```json\n").dropFirst().compactMap { block in
            block.components(separatedBy: "```").first
        }
    }

    /// The sample entry the checks start from, with `members` merged over it.
    func sampleEntry(_ members: [String: String] = [:]) throws -> String {
        let samples = try readmeSamples()
        guard samples.indices.contains(sample) else {
            throw Failure("Plugins/\(plugin)/README.md has \(samples.count) JSON samples; sample \(sample) is missing")
        }
        return try Self.merge(members, into: samples[sample])
    }

    /// The harness for this type with `environment`, the way the host would run it.
    func harness(_ environment: [String: String] = [:]) -> SourceHarness {
        SourceHarness(type, environment: environment)
    }

    /// The secret's variable set to its fake value, or nothing.
    var secretEnvironment: [String: String] {
        secret.value.map { [$0.variable: $0.value] } ?? [:]
    }

    static func merge(_ members: [String: String], into json: String) throws -> String {
        guard var object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            throw Failure("the sample is not a JSON object: \(json)")
        }
        for (key, value) in members { object[key] = value }
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }
}
