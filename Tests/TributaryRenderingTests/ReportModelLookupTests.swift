import Foundation
import Testing
import Tributary
import TributaryTesting
@testable import TributaryRendering

/// The template's view answers every field by name, as `Mirror` would (a field added to
/// the view and forgotten in `ReportField` or `value(of:)` fails here), and its dates read
/// as Foundation's formatters write them.
@Suite struct ReportModelLookupTests {
    /// The fields of `object` found by `Mirror` that `value(of:)` does not answer alike.
    static func disagreements(_ object: some TemplateObject) -> [String] {
        Mirror(reflecting: object).children.compactMap { child -> String? in
            guard let label = child.label else { return nil }
            guard let field = ReportField(rawValue: label) else { return label }
            let isNil = (child.value as? any OptionalProtocol)?.isNone ?? false
            return (object.value(of: field) == nil) == isNil ? nil : label
        }
    }

    @Test func everyFieldOfTheViewIsFoundByName() throws {
        var digest = SampleDigest.digest()
        digest.items[0].summary = nil
        digest.items.append(GoldenTests.episode)
        let page = ReportPage(digest, images: .linked)
        let objects: [any TemplateObject] =
            [page] + page.chips + page.lists + page.timeline
            + page.timeline.compactMap(\.thumbnail) + page.timeline.compactMap(\.episode)
        #expect(page.timeline.contains { $0.episode != nil })
        for object in objects {
            #expect(Self.disagreements(object).isEmpty, "\(type(of: object)): \(Self.disagreements(object))")
        }
        #expect(page.child(named: "nonexistent") == nil)
        #expect(page.child(named: "title") as? String == digest.title)
    }

    @Test func datesReadAsFoundationWritesThem() {
        let seconds: [TimeInterval] = [
            -86_401, -1, 0, 0.75, 951_782_400, 951_868_799.9, 1_795_320_000.5, 4_107_542_400,
        ]
        let now = Date(timeIntervalSince1970: 5_000_000_000)
        for second in seconds {
            let date = Date(timeIntervalSince1970: second)
            #expect(ISO8601Date.format(date) == date.formatted(.iso8601), "\(second)")
            #expect(RelativeTime.describe(date, now: now) == date.formatted(.iso8601.year().month().day()), "\(second)")
        }
    }
}

private protocol OptionalProtocol {
    var isNone: Bool { get }
}

extension Optional: OptionalProtocol {
    var isNone: Bool { self == nil }
}
