/// A value the report's template can show, typed so that rendering needs no reflection
/// and no dynamic casts.
enum TemplateValue: Sendable {
    case text(String)
    case integer(Int)
    case decimal(Double)
    case flag(Bool)
    case list(TemplateList)
    case object(any TemplateObject)
    /// An item, the page's commonest object, held as itself: asked through `any
    /// TemplateObject`, every lookup retained and released it in the protocol's witness
    /// (about 5% of a large report's samples).
    case item(ReportItem)

    /// `value(of:)` of an object; nil for every other value, as for a Mustache lookup
    /// that finds no field.
    func child(_ field: ReportField) -> TemplateValue? {
        switch self {
        case .item(let item): item.value(of: field)
        case .object(let object): object.value(of: field)
        default: nil
        }
    }

    /// The same value in storage of its own: an object copied into a new box, so that
    /// threads rendering parts of a page do not count references to one shared box.
    var unshared: TemplateValue {
        guard case .object(let object) = self else { return self }
        return .object(Self.rebox(object))
    }

    private static func rebox(_ object: some TemplateObject) -> any TemplateObject {
        object
    }

    /// The value as swift-mustache sees it (`String`, `Int`, `Double`, `Bool`, an array,
    /// the object), for templates rendered by it.
    var mustacheValue: Any {
        switch self {
        case .text(let text): text
        case .integer(let number): number
        case .decimal(let number): number
        case .flag(let flag): flag
        case .list(let list): list.mustacheValue
        case .object(let object): object
        case .item(let item): item
        }
    }
}

/// A view the template reads fields of.
protocol TemplateObject: Sendable {
    /// The field, or nil when there is none or it is nil: Mustache then looks for the
    /// name further up its context.
    func value(of field: ReportField) -> TemplateValue?
}

/// The lists of the report's view.
enum TemplateList: Sendable {
    case items([ReportItem])
    case chips([SourceChip])
    case lists([ReportList])
    case texts([String])

    var count: Int {
        switch self {
        case .items(let items): items.count
        case .chips(let chips): chips.count
        case .lists(let lists): lists.count
        case .texts(let texts): texts.count
        }
    }

    func element(_ index: Int) -> TemplateValue {
        switch self {
        case .items(let items): .item(items[index])
        case .chips(let chips): .object(chips[index])
        case .lists(let lists): .object(lists[index])
        case .texts(let texts): .text(texts[index])
        }
    }

    /// The elements in `range`, in an array of their own.
    func slice(_ range: Range<Int>) -> TemplateList {
        switch self {
        case .items(let items): .items(Array(items[range]))
        case .chips(let chips): .chips(Array(chips[range]))
        case .lists(let lists): .lists(Array(lists[range]))
        case .texts(let texts): .texts(Array(texts[range]))
        }
    }

    var mustacheValue: Any {
        switch self {
        case .items(let items): items
        case .chips(let chips): chips
        case .lists(let lists): lists
        case .texts(let texts): texts
        }
    }
}
