import Foundation
import Tributary
import TributaryNetwork

/// Running the source over HTTP: against `Recordings/`, or against `LocalHTTPServer`.
extension SourceConformance {
    /// Subscribes once (no retries) with `transport` and collects every update.
    func updates(
        _ json: String, environment: [String: String], transport: any HTTPTransport, timeout: Duration = .seconds(10)
    ) async throws -> [SourceUpdate] {
        let source = try harness(environment).source(json)
        let http = HTTPClient(transport: transport, timeout: timeout)
        return try await source.signal(in: SourceContext(sourceID: "conformance", http: http)).collect()
    }

    /// The network transport, through libcurl, as a run uses.
    var network: any HTTPTransport {
        CurlTransport(userAgent: HTTPClient.userAgent)
    }

    /// The sample entry, with its secret (if any), aimed at `server`.
    func entry(aimedAt server: LocalHTTPServer, _ api: API) throws -> String {
        let secretMembers = secret.value?.members ?? [:]
        return try sampleEntry(secretMembers.merging(api.pointing(server.baseURL)) { _, pointing in pointing })
    }

    /// Every entry of this type in the shipped feeds.json replays from `Recordings/` to items.
    func checkRecordings() async throws {
        let entries = try Self.shippedEntries(ofType: type.name)
        guard !entries.isEmpty else { throw Failure("feeds.json has no \(type.name) entry to replay") }
        let replay = try ReplayTransport(folder: Self.root.appendingPathComponent("Recordings"))
        for json in entries {
            let items = try await updates(json, environment: secretEnvironment, transport: replay).last?.items ?? []
            guard !items.isEmpty else { throw Failure("\(json) replayed to no items") }
        }
    }

    /// The shipped feeds.json's entries of one type, as JSON objects.
    static func shippedEntries(ofType name: String) throws -> [String] {
        let data = try Data(contentsOf: root.appendingPathComponent("feeds.json"))
        let config = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let sources = config?["sources"] as? [[String: Any]] ?? []
        return try sources.filter { $0["type"] as? String == name }.map { entry in
            String(
                decoding: try JSONSerialization.data(withJSONObject: entry, options: [.withoutEscapingSlashes]),
                as: UTF8.self)
        }
    }

    /// The healthy answer: the recorded body, with its content type.
    static func recorded(_ api: API) throws -> ServedResponse {
        let body = try Data(contentsOf: root.appendingPathComponent(api.recordedBody))
        let type =
            api.recordedBody.hasSuffix(".xml") ? "application/xml; charset=utf-8" : "application/json; charset=utf-8"
        return .body(body, contentType: type)
    }
}
