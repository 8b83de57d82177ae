/// A value the report's template can show, typed so that rendering needs no reflection
/// and no dynamic casts.
enum TemplateValue {
    case text(String)
    case integer(Int)
    case decimal(Double)
    case flag(Bool)
    case list(TemplateList)
    case object(any TemplateObject)

    /// `value(named:)` of an object; nil for every other value, as for a Mustache lookup
    /// that finds no field.
    func child(named name: String) -> TemplateValue? {
        if case .object(let object) = self { return object.value(named: name) }
        return nil
    }

    /// The value as swift-mustache sees it (`String`, `Int`, `Double`, `Bool`, `[Any]`, the
    /// object), for templates rendered by it.
    var mustacheValue: Any {
        switch self {
        case .text(let text): text
        case .integer(let number): number
        case .decimal(let number): number
        case .flag(let flag): flag
        case .list(let list): list.items
        case .object(let object): object
        }
    }
}

/// A view the template reads fields of by name.
protocol TemplateObject {
    /// The field called `name`, or nil when there is none or it is nil: Mustache then
    /// looks for the name further up its context.
    func value(named name: String) -> TemplateValue?
}

/// A list whose elements become template values only as they are rendered.
struct TemplateList {
    let count: Int
    let element: (Int) -> TemplateValue
    /// The list itself, for swift-mustache (its `sorted` needs the element type).
    let items: Any

    init<Element>(_ items: [Element], _ value: @escaping (Element) -> TemplateValue) {
        count = items.count
        element = { value(items[$0]) }
        self.items = items
    }
}
