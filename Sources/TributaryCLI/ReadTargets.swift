import ArgumentParser
import Foundation
import TributaryState

/// The items `mark-read` and `mark-unread` are given: item ids, and row numbers of the last
/// text digest (`3`, `5-9`). They are told apart by shape: an item id always holds a `:`
/// (`source:upstream-id`), a row is a number or a range of them.
struct ReadTargets {
    var itemIDs: [String] = []
    var rows: [ClosedRange<Int>] = []

    /// Reads the arguments; a range that runs backwards or a row 0 is a usage error.
    init(_ arguments: [String]) throws {
        for argument in arguments {
            if let range = try Self.rows(argument) { rows.append(range) } else { itemIDs.append(argument) }
        }
    }

    /// `argument` as rows, nil when it is not shaped as rows.
    private static func rows(_ argument: String) throws -> ClosedRange<Int>? {
        let ends = argument.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard (1...2).contains(ends.count), ends.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
            let first = Int(ends[0]), let last = Int(ends[ends.count - 1])
        else { return nil }
        guard first >= 1, first <= last else {
            throw ValidationError("\(argument): rows count from 1, a range from low to high (\"5-9\")")
        }
        return first...last
    }

    /// The ids the rows name in `shown`, the last numbered digest, and the rows it did not
    /// have; all rows are missing when no text digest was shown with this store.
    func resolve(in shown: StateStore.DigestRows?) -> (itemIDs: [String], missing: [ClosedRange<Int>]) {
        let shownIDs = shown?.itemIDs ?? []
        let count = shownIDs.count
        var ids: [String] = []
        var missing: [ClosedRange<Int>] = []
        for range in rows {
            if range.lowerBound > count {
                missing.append(range)
                continue
            }
            ids += shownIDs[(range.lowerBound - 1)..<min(range.upperBound, count)]
            if range.upperBound > count { missing.append((count + 1)...range.upperBound) }
        }
        return (itemIDs + ids, missing)
    }
}
