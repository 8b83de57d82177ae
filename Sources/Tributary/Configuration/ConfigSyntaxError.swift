import Foundation

/// Where and why feeds.json is not readable JSON, by line and column.
struct ConfigSyntaxError: Error {
    let message: String
    let line: Int
    let column: Int
    /// The text of the offending line, quoted under the message with a caret.
    let lineText: String

    /// The error `JSONReader` found in `data`, placed by line and column; a duplicate key
    /// also names the line of its first occurrence.
    init(_ error: JSONSyntaxError, in data: Data) {
        let bytes = Array(data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data)
        let place = Self.location(of: min(error.offset, bytes.count), in: bytes)
        let first = error.firstOffset.map {
            "(first at line \(Self.location(of: $0, in: bytes).line)); remove one of them"
        }
        message = first.map { "\(error.problem) \($0)" } ?? error.problem
        (line, column, lineText) = place
    }

    /// `feeds.json:3:15: message`, then the line and a caret under the column.
    func describe(file: String) -> String {
        let shown = TextCleanup.truncate(lineText.replacingOccurrences(of: "\t", with: " "), to: 200)
        let caret = String(repeating: " ", count: min(column - 1, 200)) + "^"
        return "\(file):\(line):\(column): \(message)\n    \(shown)\n    \(caret)"
    }

    /// The 1-based line and column (in characters) of a byte offset, and that line's text.
    private static func location(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int, text: String) {
        let lineStart = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let line = bytes[..<lineStart].count { $0 == 0x0A } + 1
        let lineEnd = bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
        return (line, column, String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self))
    }
}
