import Foundation

/// A source whose refresh may take several pages: a first request, then, while upstream
/// says there is more and fewer than `wantedItems` have arrived, the next page, never more
/// than `pageBudget` requests in all. Each page's items are sent as they arrive, as one
/// growing snapshot; a page that fails fails the source, with the pages before it shown.
///
/// Cursors of a paged source are decimal numbers (ids or times) where the newest is the
/// greatest; the refresh keeps the greatest any page gave.
public protocol PagedSource: SingleRequestSource {
    /// The most requests one refresh may make (the entry's page budget).
    var pageBudget: Int { get }
    /// How many items one refresh wants (the entry's limit).
    var wantedItems: Int { get }
    /// The request for the page after `response`, or nil when upstream has no more.
    func nextPage(after response: HTTPResponse) throws -> HTTPRequest?
}

extension PagedSource {
    public func signal(in context: SourceContext) -> Signal<SourceUpdate> {
        pagedSignal(in: context)
    }

    /// The pages of one refresh as a signal; a source that overrides `signal(in:)` (to
    /// adjust the context's cursor, say) starts from this.
    public func pagedSignal(in context: SourceContext) -> Signal<SourceUpdate> {
        Signal { subscriber in
            var request = try request(after: context.cursor)
            var pages = PagedUpdate(wanted: wantedItems)
            while true {
                let (response, update) = try await exchange(request, in: context)
                pages.add(update)
                subscriber.send(pages.snapshot)
                guard pages.wantsMore, let next = try nextPage(after: response) else { break }
                guard pages.count < pageBudget else {
                    pages.note("more upstream; stopped at the page budget (\(pageBudget) requests)")
                    subscriber.send(pages.snapshot)
                    break
                }
                request = next
            }
        }
    }
}

/// The pages of one refresh so far, as one snapshot.
struct PagedUpdate {
    let wanted: Int
    private(set) var count = 0
    private var merged = SourceUpdate(items: [])
    private var seen: Set<String> = []

    init(wanted: Int) { self.wanted = wanted }

    var wantsMore: Bool { merged.items.count < wanted }

    var snapshot: SourceUpdate { merged }

    /// Adds a page: its items not already shown (pages shift when upstream changes while
    /// they are read), up to `wanted`; its notes replace the last page's (quota left).
    mutating func add(_ page: SourceUpdate) {
        count += 1
        let fresh = page.items.filter { seen.insert($0.id).inserted }
        merged.items += fresh.prefix(max(0, wanted - merged.items.count))
        merged.notes = page.notes
        merged.diagnostics += page.diagnostics.filter { !merged.diagnostics.contains($0) }
        merged.holdRequestsUntil = [merged.holdRequestsUntil, page.holdRequestsUntil].compactMap { $0 }.max()
        merged.cursor = [merged.cursor, page.cursor].compactMap { $0 }.max(by: Self.numericallyBefore)
        if count == 1 { merged.isIncremental = page.isIncremental }
    }

    mutating func note(_ diagnostic: String) {
        merged.diagnostics.append(diagnostic)
    }

    /// Decimal numbers compared by value (a longer one is greater; leading zeros aside).
    private static func numericallyBefore(_ a: String, _ b: String) -> Bool {
        a.count != b.count ? a.count < b.count : a < b
    }
}

/// Page sizes for paged sources.
public enum PageSize {
    /// Items per page for `wanted` items when upstream sends at most `maximum` a page: as
    /// few pages as that allows, evenly filled (150 at most 100 a page is two pages of 75),
    /// so no more items are read than wanted.
    public static func even(for wanted: Int, maximum: Int) -> Int {
        let pages = max(1, (wanted + maximum - 1) / maximum)
        return min(maximum, (wanted + pages - 1) / pages)
    }
}
