import TributaryBytes

/// The runs of literal text that every match of an ICU expression contains, lowercased
/// ASCII, for `RulePattern` to rule texts out before ICU reads them. The expression is read
/// conservatively, so a run listed is always required, and fewer runs only cost speed:
/// - no runs for an expression with a top-level `|`, inline flags (`(?`) or `\Q` quoting;
/// - only text outside groups and classes; a character made optional by `?`, `*` or `{…}`
///   ends a run without joining it; `.`, anchors and escapes such as `\b` and `\d` end runs;
/// - nothing after an escape that takes an argument (`\x41`, `\p{L}`, `\1`);
/// - characters outside ASCII end runs, since ICU's case folding may equate them with ASCII.
enum RequiredLiterals {
    static func of(_ pattern: String) -> [[UInt8]] {
        guard !pattern.contains("(?"), !pattern.contains("\\Q") else { return [] }
        let scalars = Array(pattern.unicodeScalars)
        var runs = Runs()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\\":
                guard index < scalars.count else { return [] }
                let escaped = scalars[index]
                index += 1
                if escaped.isASCII, !isASCIILetterOrDigit(escaped) {
                    runs.add(escaped)  // `\.`, `\/`, `\\`: the character itself
                } else if assertionsAndClasses.contains(escaped) {
                    runs.end()
                } else {
                    runs.stop()
                }
            case "[":
                index = end(ofClassFrom: index, in: scalars)
                runs.end()
            case "(": runs.depth += 1
            case ")": runs.depth -= 1
            case "|": if runs.depth == 0 { return [] }
            case "*", "?": runs.dropLastCharacter()
            case "{":
                runs.dropLastCharacter()
                while index < scalars.count, scalars[index] != "}" { index += 1 }
                index += 1
            case "+", ".", "^", "$": runs.end()
            default: runs.add(scalar)
            }
        }
        runs.end()
        return runs.found
    }

    /// Escapes that stand for one character of a class, or for no character (an anchor or a
    /// boundary), with no argument after them.
    private static let assertionsAndClasses = Set("bBdDwWsSAzZGhHvVRXntrfea".unicodeScalars)

    private static func isASCIILetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar))
    }

    /// Where the class whose `[` comes just before `start` ends (just after its `]`), nested
    /// sets (`[[a-z]&&[^aeiou]]`) and escapes included; a `]` first in a class is a member.
    private static func end(ofClassFrom start: Int, in scalars: [Unicode.Scalar]) -> Int {
        var index = start
        var depth = 1
        if index < scalars.count, scalars[index] == "^" { index += 1 }
        if index < scalars.count, scalars[index] == "]" { index += 1 }
        while index < scalars.count, depth > 0 {
            switch scalars[index] {
            case "\\": index += 1
            case "[": depth += 1
            case "]": depth -= 1
            default: break
            }
            index += 1
        }
        return index
    }

    /// The runs as they are read.
    private struct Runs {
        private(set) var found: [[UInt8]] = []
        private var current: [UInt8] = []
        /// Groups open around the place being read; text in a group is not collected.
        var depth = 0 {
            didSet { end() }
        }
        /// False after an escape with an argument: nothing more is collected.
        private var collecting = true

        mutating func add(_ scalar: Unicode.Scalar) {
            guard collecting, depth == 0, scalar.isASCII else { return end() }
            let byte = UInt8(scalar.value)
            current.append(byte.asciiLowercased)
        }

        /// Ends the run without the character just added, which a quantifier made optional.
        /// After anything but a character added, the run has ended already, so this is `end`.
        mutating func dropLastCharacter() {
            if !current.isEmpty { current.removeLast() }
            end()
        }

        mutating func end() {
            if !current.isEmpty { found.append(current) }
            current = []
        }

        mutating func stop() {
            end()
            collecting = false
        }
    }
}
