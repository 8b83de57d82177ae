import Foundation
import TributaryBytes

/// A compiled `matches` expression (case-insensitive), with the literal text every match
/// must hold: a text without it is passed over without asking ICU, which bridges each text
/// to UTF-16 first (four `matches` rules were a tenth of a rules digest's time).
struct RulePattern: @unchecked Sendable {
    /// Immutable and thread-safe.
    let expression: NSRegularExpression
    /// Lowercased ASCII runs that every match contains (`RequiredLiterals`).
    private let literals: [[UInt8]]

    init(expression: NSRegularExpression) {
        self.expression = expression
        literals = RequiredLiterals.of(expression.pattern)
    }

    /// A text as expressions read it: itself, and its bytes for ruling it out, made once
    /// however many expressions read it.
    struct Text {
        let string: String
        /// `asciiLowercased(string)`.
        let lowered: [UInt8]?

        init(_ string: String) {
            self.string = string
            lowered = RulePattern.asciiLowercased(string)
        }
    }

    func matches(_ text: Text) -> Bool {
        if !literals.isEmpty, let lowered = text.lowered,
            literals.contains(where: { !ByteSearch.contains($0, in: lowered) })
        {
            return false
        }
        let string = text.string
        return expression.firstMatch(in: string, range: NSRange(string.startIndex..., in: string)) != nil
    }

    /// The text's bytes with A–Z lowercased and each other character one byte (0x80) that
    /// no literal run holds; nil when the text has a character whose case folding holds an
    /// ASCII letter, which case-insensitive ICU equates with it ("ß" with "ss").
    private static func asciiLowercased(_ text: String) -> [UInt8]? {
        var lowered: [UInt8] = []
        lowered.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            guard scalar.isASCII else {
                if foldsToASCII(scalar) { return nil }
                lowered.append(0x80)
                continue
            }
            let byte = UInt8(scalar.value)
            lowered.append(byte.asciiLowercased)
        }
        return lowered
    }

    /// The characters outside ASCII whose full case folding holds ASCII letters, from
    /// Unicode's CaseFolding.txt (statuses C and F): ß, İ, ŉ, ſ, ǰ, ẖ ẗ ẘ ẙ ẚ, ẞ, the Kelvin
    /// sign, and the Latin ligatures ﬀ to ﬆ.
    private static func foldsToASCII(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xDF, 0x130, 0x149, 0x17F, 0x1F0, 0x1E96...0x1E9A, 0x1E9E, 0x212A, 0xFB00...0xFB06: true
        default: false
        }
    }
}
