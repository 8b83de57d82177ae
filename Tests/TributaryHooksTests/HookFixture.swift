import Foundation
import Tributary
import TributaryHooks
import TributaryNetwork
import TributaryState
import TributaryTesting

/// A store, a config with hooks, and digests of items `1…n` to stage and deliver.
struct HookFixture {
    let folder: URL
    let store: StateStore
    let config: FeedsConfig

    /// `hooks`: feeds.json's `hooks` list, as JSON; `rules`, its `rules` list.
    init(hooks: String, rules: String = "[]", environment: [String: String] = [:]) throws {
        folder = Scratch.folder.appendingPathComponent("hooks-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store = try StateStore(path: folder.appendingPathComponent("state.sqlite"), config: "/feeds.json")
        config = try ConfigLoader(registry: SourceRegistry([]), environment: environment).load(
            Data(#"{"title": "Morning", "sources": [], "hooks": \#(hooks), "rules": \#(rules)}"#.utf8), folder: folder)
    }

    static func items(_ numbers: ClosedRange<Int>) -> [FeedItem] {
        numbers.map {
            FeedItem(
                id: "item-\($0)", source: "g", sourceType: "feed", kind: .article, title: "Post \($0)",
                url: URL(string: "https://example.org/\($0)"))
        }
    }

    static func digest(_ numbers: ClosedRange<Int>) -> Digest {
        Digest(
            title: "Morning", generatedAt: Date(timeIntervalSince1970: 1_795_300_000), sources: [],
            items: items(numbers))
    }

    func delivery(clock: RunClock = .system) throws -> HookDelivery {
        let transport = CurlTransport(userAgent: HTTPClient.userAgent)
        return try HookDelivery(
            config: config, store: store, http: HTTPClient(transport: transport, timeout: .seconds(5), clock: clock))
    }

    /// A run as `digest` makes it: stage, commit the items as seen, deliver.
    func run(_ numbers: ClosedRange<Int>, clock: RunClock = .system) async throws -> [HookReport] {
        let delivery = try delivery(clock: clock)
        let digest = Self.digest(numbers)
        try delivery.stage(digest, at: clock.now())
        _ = try store.remember(digest, at: clock.now())
        return await delivery.deliver()
    }

    /// A shell script in the fixture's folder, made executable; returns its path.
    func script(_ name: String, _ body: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url.path
    }

    func read(_ name: String) -> String {
        (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    /// The titles in JSON lines, in order.
    static func titles(inLines text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["title"] as? String
        }
    }
}
