import Mustache

// The template reads the view's fields by name. A nil field answers nil, so that the
// template looks further up its context, as swift-mustache does with `Mirror`.
// `ReportModelLookupTests` checks every field against `Mirror`.

extension ReportPage: TemplateObject {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "generatedAt": .text(generatedAt)
        case "generatedLabel": .text(generatedLabel)
        case "csp": .text(csp)
        case "itemCount": .integer(itemCount)
        case "chips": .list(TemplateList(chips) { .object($0) })
        case "photos": .list(TemplateList(photos) { .object($0) })
        case "lists": .list(TemplateList(lists) { .object($0) })
        case "timeline": .list(TemplateList(timeline) { .object($0) })
        case "isEmpty": .flag(isEmpty)
        default: nil
        }
    }
}

extension SourceChip: TemplateObject {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "id": .text(id)
        case "label": .text(label)
        case "state": .text(state)
        case "isOK": .flag(isOK)
        case "itemCount": .integer(itemCount)
        case "message": message.map(TemplateValue.text)
        default: nil
        }
    }
}

extension ReportList: TemplateObject {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "kind": .text(kind)
        case "heading": .text(heading)
        case "items": .list(TemplateList(items) { .object($0) })
        default: nil
        }
    }
}

extension ReportItem: TemplateObject {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "anchor": .text(anchor)
        case "source": .text(source)
        case "kind": .text(kind)
        case "title": .text(title)
        case "url": url.map(TemplateValue.text)
        case "author": author.map(TemplateValue.text)
        case "datetime": datetime.map(TemplateValue.text)
        case "age": age.map(TemplateValue.text)
        case "timestamp": .integer(timestamp)
        case "score": score.map(TemplateValue.text)
        case "scoreValue": .decimal(scoreValue)
        case "summary": summary.map(TemplateValue.text)
        case "tags": .list(TemplateList(tags) { .text($0) })
        case "thumbnail": thumbnail.map { .object($0) }
        case "image": image.map(TemplateValue.text)
        default: nil
        }
    }
}

extension ReportImage: TemplateObject {
    func value(named name: String) -> TemplateValue? {
        name == "src" ? src.map(TemplateValue.text) : nil
    }
}

/// swift-mustache, which renders templates the compiled renderer does not take, reads the
/// same fields through `MustacheParent` (without it, `Mirror` costs 1.2 ms an item).
extension MustacheParent where Self: TemplateObject {
    func child(named name: String) -> Any? {
        value(named: name)?.mustacheValue
    }
}

extension ReportPage: MustacheParent {}
extension SourceChip: MustacheParent {}
extension ReportList: MustacheParent {}
extension ReportItem: MustacheParent {}
extension ReportImage: MustacheParent {}
