import Foundation
import Tributary

/// The checks that need no I/O: validation of the README's sample, of a misspelled key,
/// and of an entry whose secret is not set.
extension SourceConformance {
    /// The README's sample validates and builds a source (its secret, if any, set).
    func checkReadmeSample() throws {
        let json = try sampleEntry()
        let entry = try harness(secretEnvironment).entry(json)
        guard entry.type == type.name else {
            throw Failure("Plugins/\(plugin)/README.md's sample has type \"\(entry.type)\", not \"\(type.name)\"")
        }
        _ = try type.make(entry)
    }

    /// An option's name with a letter dropped is refused, named, and the right name suggested.
    func checkMisspelledOption() throws {
        guard let option = misspelledOption.value else { return }
        var typo = option
        typo.remove(at: typo.index(before: typo.endIndex))
        let json = try sampleEntry([typo: "x"])
        do {
            _ = try harness(secretEnvironment).entry(json)
            throw Failure("an entry with \"\(typo)\" validated")
        } catch let error as TributaryError {
            let expected = ".\(typo): unknown key; did you mean \"\(option)\"?"
            guard error.message.contains(expected) else {
                throw Failure("the error for \"\(typo)\" does not say \(expected): \(error.message)")
            }
        }
    }

    /// With the secret's variable unset, building the source throws `skipped` naming it; an
    /// optional secret's source is built, keyless. Either way, never a configuration failure.
    func checkMissingSecret() throws {
        guard let secret = secret.value else { return }
        let json = try sampleEntry(secret.members)
        do {
            _ = try harness().source(json)
            guard !secret.required else { throw Failure("the source was built with \(secret.variable) unset") }
        } catch let error as TributaryError {
            guard error.code == .skipped, error.message.contains(secret.variable) else {
                throw Failure("with \(secret.variable) unset: \(error.code) \(error.message), not a skip naming it")
            }
        }
    }
}
