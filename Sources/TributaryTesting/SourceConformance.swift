import Foundation
import Tributary

/// What every bundled source must do, stated once and run against each of them, as
/// swift-log states a `LogHandler`'s contract as tests. A plugin's test target holds one
/// `<Name>ConformanceTests.swift` describing its source and running `checks`.
///
/// A check that cannot apply to a source is declared with `.doesNotApply(because:)`, so
/// the gap is written where the source is described: `exec` runs a child process, not
/// HTTP (no API to fault, no recordings); `feed`, `hackernews` and `lemmy` read public
/// data with no secret option; `exec` passes undeclared keys on to its plugin, so a
/// misspelled key is the plugin's to reject.
public struct SourceConformance: Sendable {
    /// The names of every source the suite describes. Adding a source adds its name here
    /// and its `<Name>ConformanceTests.swift`; a CLI test compares this with the bundled list.
    public static let bundled: [String] = [
        "stackoverflow", "500px", "flickr", "twitter", "feed", "exec", "hackernews", "mastodon", "lemmy", "bluesky",
    ]

    /// Whether a check applies to a source, and why not when it does not.
    public enum Applicability<Value: Sendable>: Sendable {
        case applies(Value)
        case doesNotApply(because: String)

        var value: Value? {
            if case .applies(let value) = self { value } else { nil }
        }
    }

    /// A secret option and a fake value for it, set through `${variable}`.
    public struct Secret: Sendable {
        /// The members that carry the secret (and what it needs beside it), as JSON.
        public let members: [String: String]
        public let variable: String
        public let value: String
        /// False for a secret the source can do without (its README says "unset means keyless"):
        /// then an unset variable builds the source rather than skipping it.
        public let required: Bool

        public init(
            _ option: String, variable: String, value: String, required: Bool = true,
            besides other: [String: String] = [:]
        ) {
            members = other.merging([option: "${\(variable)}"]) { _, secret in secret }
            self.variable = variable
            self.value = value
            self.required = required
        }
    }

    /// How to aim a source at the local test server, and what it asks for first.
    public struct API: Sendable {
        /// The members that point the entry at `LocalHTTPServer`'s base URL.
        public let pointing: @Sendable (URL) -> [String: String]
        /// The path of the source's first request (without the query).
        public let firstPath: String
        /// A real upstream body, relative to the repository's root, served as the healthy answer.
        public let recordedBody: String

        public init(firstPath: String, recordedBody: String, pointing: @escaping @Sendable (URL) -> [String: String]) {
            self.pointing = pointing
            self.firstPath = firstPath
            self.recordedBody = recordedBody
        }
    }

    public let type: SourceType
    /// The plugin's folder under `Plugins/`, whose README holds the sample.
    public let plugin: String
    /// Which of the README's JSON samples is the entry the checks start from.
    public let sample: Int
    /// The option whose name is misspelled in the misspelling check.
    public let misspelledOption: Applicability<String>
    public let secret: Applicability<Secret>
    public let api: Applicability<API>
    /// Whether the shipped feeds.json has entries of this type recorded in `Recordings/`.
    public let recorded: Applicability<Void>

    public init(
        _ type: SourceType, plugin: String, sample: Int = 0, misspelledOption: Applicability<String>,
        secret: Applicability<Secret>, api: Applicability<API>, recorded: Applicability<Void> = .applies(())
    ) {
        self.type = type
        self.plugin = plugin
        self.sample = sample
        self.misspelledOption = misspelledOption
        self.secret = secret
        self.api = api
        self.recorded = recorded
    }
}
