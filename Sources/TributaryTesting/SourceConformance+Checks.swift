import Foundation
import Tributary

extension SourceConformance {
    /// One promise of the conformance suite.
    public enum Check: String, CaseIterable, Sendable {
        case readmeSampleValidates
        case recordingsReplayToItems
        case misspelledOptionIsNamedWithASuggestion
        case missingSecretSkips
        case secretNeverLeaks
        case faultyAnswersFailWithAReason
        case cancellationStopsTheRequest
    }

    /// A broken promise, with what was seen.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        init(_ description: String) {
            self.description = description
        }
    }

    /// The checks that apply to this source; the others are declared `.doesNotApply`.
    public var checks: [Check] {
        Check.allCases.filter { check in
            switch check {
            case .readmeSampleValidates: true
            case .recordingsReplayToItems: recorded.value != nil
            case .misspelledOptionIsNamedWithASuggestion: misspelledOption.value != nil
            case .missingSecretSkips: secret.value != nil
            case .secretNeverLeaks: secret.value != nil && api.value != nil
            case .faultyAnswersFailWithAReason, .cancellationStopsTheRequest: api.value != nil
            }
        }
    }

    /// Runs one check; throws `Failure` saying what broke.
    public func run(_ check: Check) async throws {
        switch check {
        case .readmeSampleValidates: try checkReadmeSample()
        case .recordingsReplayToItems: try await checkRecordings()
        case .misspelledOptionIsNamedWithASuggestion: try checkMisspelledOption()
        case .missingSecretSkips: try checkMissingSecret()
        case .secretNeverLeaks: try await checkSecretNeverLeaks()
        case .faultyAnswersFailWithAReason: try await checkFaultyAnswers()
        case .cancellationStopsTheRequest: try await checkCancellation()
        }
    }
}
