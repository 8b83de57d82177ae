import Foundation
import Mustache
import Tributary

/// A readable sentence for why a `--template` could not be used: where a Mustache parse
/// error is (line, column, the tag there) and what is wrong, or why the file cannot be
/// read, instead of the error's debug dump.
public enum TemplateErrorMessage {
    /// `line 3, column 5: a section is not closed at {{#items}}`, or `no such file`.
    public static func describe(_ error: any Error) -> String {
        if let parse = error as? MustacheTemplate.ParserError {
            let context = parse.context
            let tag = Self.tag(in: context.line, near: context.columnNumber).map { " at \($0)" } ?? ""
            return "line \(context.lineNumber), column \(context.columnNumber): \(problem(parse.error))\(tag)"
        }
        if let cocoa = error as? CocoaError {
            switch cocoa.code {
            case .fileReadNoSuchFile, .fileNoSuchFile: return "no such file"
            case .fileReadNoPermission: return "permission denied"
            case .fileReadInapplicableStringEncoding, .fileReadCorruptFile: return "not UTF-8 text"
            default: break
            }
        }
        return TextCleanup.singleLine(error.localizedDescription)
    }

    private static func problem(_ error: any Error) -> String {
        switch error as? MustacheTemplate.Error {
        case .sectionCloseNameIncorrect: "this closing tag does not match the section it closes"
        case .unfinishedName: "a tag is not finished (expected a name and then }})"
        case .expectedSectionEnd: "a section is not closed (expected {{/name}} before the end)"
        case .invalidSetDelimiter: "the set-delimiter tag is malformed"
        case .transformAppliedToInheritanceSection: "a transform cannot apply to an inheritance section"
        case .illegalTokenInsideInheritSection, .textInsideInheritSection:
            "an inheritance section holds more than blocks"
        case .invalidConfigVariableSyntax, .unrecognisedConfigVariable: "the pragma tag is not understood"
        case nil: "the template cannot be parsed"
        }
    }

    /// The `{{…}}` tag that the column is in or after, cut to 60 characters, on one line.
    static func tag(in line: String, near column: Int) -> String? {
        let characters = Array(line)
        var start = min(max(0, column + 1), characters.count)  // a column on the `{{` itself counts
        while start > 0, !(characters[start - 1] == "{" && start >= 2 && characters[start - 2] == "{") { start -= 1 }
        guard start >= 2 else { return nil }
        let tail = String(characters[(start - 2)...])
        let tag = tail.range(of: "}}").map { String(tail[..<$0.upperBound]) } ?? tail
        return TextCleanup.truncate(TextCleanup.singleLine(tag), to: 60)
    }
}
