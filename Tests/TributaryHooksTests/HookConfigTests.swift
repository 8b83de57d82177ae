import Foundation
import Testing
import Tributary

/// feeds.json's `hooks`: what is read, and the errors that name the field and the fix.
@Suite struct HookConfigTests {
    static func load(_ hooks: String, environment: [String: String] = [:]) throws -> FeedsConfig {
        let json = #"{"sources": [], "hooks": \#(hooks)}"#
        return try ConfigLoader(registry: SourceRegistry([]), environment: environment)
            .load(Data(json.utf8), folder: URL(fileURLWithPath: "/srv/digest", isDirectory: true))
    }

    static func problems(_ hooks: String, environment: [String: String] = [:]) -> String {
        do {
            _ = try load(hooks, environment: environment)
            return ""
        } catch {
            return (error as? TributaryError)?.message ?? "\(error)"
        }
    }

    @Test func readsBothKindsWithTheirDefaults() throws {
        let config = try Self.load(
            #"[{"exec": ["bin/notify", "${TOPIC}"]}, {"name": "ntfy", "webhook": "https://ntfy.sh/x", "retries": 1, "timeout": "5s", "secret": "${HOOK_KEY}"}]"#,
            environment: ["TOPIC": "swift", "HOOK_KEY": "k3y"])
        #expect(config.hooks.count == 2)
        guard case .exec(let arguments) = config.hooks[0].target else { throw HookConfigError.wrongKind }
        #expect(arguments == ["/srv/digest/bin/notify", "swift"], "a relative program is feeds.json's folder's")
        #expect(config.hooks[0].name == "hooks[0]" && config.hooks[0].retries == 3)
        #expect(config.hooks[0].key.hasPrefix("target:") && !config.hooks[0].key.contains("swift"))
        #expect(config.hooks[1].name == "ntfy" && config.hooks[1].key == "ntfy")
        #expect(config.hooks[1].retries == 1 && config.hooks[1].timeout == .seconds(5))
        #expect(config.hooks[1].secret?.value == "k3y")
    }

    @Test func namesTheFieldAndTheFix() {
        let message = Self.problems(
            #"[{"exec": []}, {"webhook": "ftp://x"}, {"webhook": "https://a", "retries": -1, "tiemout": 3}, {"exec": ["a"], "webhook": "https://a"}, {"exec": ["a"], "template": "x"}, {}]"#
        )
        #expect(message.contains("hooks[0].exec: expected a non-empty list of strings"), "\(message)")
        #expect(message.contains("hooks[1].webhook: \"ftp://x\" is not a valid http/https URL"), "\(message)")
        #expect(message.contains("hooks[2].retries: expected a whole number from 0 to 100, found -1"), "\(message)")
        #expect(message.contains(#"hooks[2].tiemout: unknown key; did you mean "timeout"?"#), "\(message)")
        #expect(message.contains("hooks[3]: has both \"exec\" and \"webhook\"; split it into two hooks"), "\(message)")
        #expect(message.contains("hooks[4].template: only a webhook takes a template"), "\(message)")
        #expect(message.contains("hooks[5]: needs \"exec\" (a command) or \"webhook\" (a URL)"), "\(message)")
    }

    @Test func aSecretMustBeAVariableAndIsNeverQuotedBack() {
        let written = Self.problems(#"[{"webhook": "https://a", "secret": "hunter2"}]"#)
        #expect(written.contains("hooks[0].secret: must name an environment variable"), "\(written)")
        #expect(!written.contains("hunter2"))
        let unset = Self.problems(#"[{"webhook": "https://a", "secret": "${HOOK_SECRET}"}]"#)
        #expect(unset.contains("hooks[0].secret: ${HOOK_SECRET} is not set; export it"), "\(unset)")
    }

    @Test func twoHooksDoingTheSameAreRefused() {
        let message = Self.problems(#"[{"webhook": "https://a"}, {"webhook": "https://a"}]"#)
        #expect(message.contains("hooks[1]: does the same as hooks[0]"), "\(message)")
    }

    enum HookConfigError: Error { case wrongKind }
}
