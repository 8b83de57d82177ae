import Mustache

/// Every name the report's view answers to, for lookups without comparing strings.
/// A name the template uses that is not here finds nothing, as in swift-mustache.
enum ReportField: String, Sendable {
    case title, generatedAt, generatedLabel, csp, itemCount, chips, chipSummary, photos, lists, timeline, isEmpty
    case emptyReasons, hasMemory, newItemCount
    case id, label, state, isOK, countLabel, message, newCount, hasNew
    case kind, heading, items
    case anchor, source, url, author, datetime, age, timestamp, score, scoreValue, scoreRank, summary
    case content
    case commentsURL, commentsLabel, tags, thumbnail, image
    case isNew
    case actions, isRead, isStarred, canStar
    case src
    case episode, isVideo, show, duration, origin, mediaOrigins
    case isMessage
}

// A nil field answers nil, so that the template looks further up its context, as
// swift-mustache does with `Mirror`. `ReportModelLookupTests` checks every field.

extension ReportPage: TemplateObject {
    func value(of field: ReportField) -> TemplateValue? {
        switch field {
        case .title: .text(title)
        case .generatedAt: .text(generatedAt)
        case .generatedLabel: .text(generatedLabel)
        case .csp: .text(csp)
        case .itemCount: .integer(itemCount)
        case .chips: .list(.chips(chips))
        case .chipSummary: .text(chipSummary)
        case .photos: .list(.items(photos))
        case .lists: .list(.lists(lists))
        case .timeline: .list(.items(timeline))
        case .isEmpty: .flag(isEmpty)
        case .emptyReasons: .list(.texts(emptyReasons))
        case .hasMemory: .flag(hasMemory)
        case .newItemCount: .integer(newItemCount)
        case .mediaOrigins: .list(.texts(mediaOrigins))
        case .isMessage: .flag(isMessage)
        default: nil
        }
    }
}

extension SourceChip: TemplateObject {
    func value(of field: ReportField) -> TemplateValue? {
        switch field {
        case .id: .text(id)
        case .label: .text(label)
        case .state: .text(state)
        case .isOK: .flag(isOK)
        case .itemCount: .integer(itemCount)
        case .countLabel: .text(countLabel)
        case .message: message.map(TemplateValue.text)
        case .newCount: .integer(newCount)
        case .hasNew: .flag(hasNew)
        default: nil
        }
    }
}

extension ReportList: TemplateObject {
    func value(of field: ReportField) -> TemplateValue? {
        switch field {
        case .kind: .text(kind)
        case .heading: .text(heading)
        case .items: .list(.items(items))
        default: nil
        }
    }
}

extension ReportItem: TemplateObject {
    func value(of field: ReportField) -> TemplateValue? {
        switch field {
        case .anchor: .text(anchor)
        case .id: .text(id)
        case .source: .text(source)
        case .kind: .text(kind)
        case .title: .text(title)
        case .url: url.map(TemplateValue.text)
        case .author: author.map(TemplateValue.text)
        case .datetime: datetime.map(TemplateValue.text)
        case .age: age.map(TemplateValue.text)
        case .timestamp: .integer(timestamp)
        case .score: score.map(TemplateValue.text)
        case .scoreValue: .decimal(scoreValue)
        case .scoreRank: .decimal(scoreRank)
        case .summary: summary.map(TemplateValue.text)
        case .content: content.map(TemplateValue.text)
        case .commentsURL: commentsURL.map(TemplateValue.text)
        case .commentsLabel: commentsLabel.map(TemplateValue.text)
        case .tags: .list(.texts(tags))
        case .thumbnail: thumbnail.map { .object($0) }
        case .image: image.map(TemplateValue.text)
        case .isNew: .flag(isNew)
        case .actions: actions.map { .object($0) }
        case .episode: episode.map { .object($0) }
        default: nil
        }
    }
}

extension ReportActions: TemplateObject {
    func value(of field: ReportField) -> TemplateValue? {
        switch field {
        case .isRead: .flag(isRead)
        case .isStarred: .flag(isStarred)
        case .canStar: .flag(canStar)
        default: nil
        }
    }
}

extension ReportEpisode: TemplateObject {
    func value(of field: ReportField) -> TemplateValue? {
        switch field {
        case .url: .text(url)
        case .isVideo: .flag(isVideo)
        case .show: .text(show)
        case .duration: duration.map(TemplateValue.text)
        case .origin: .text(origin)
        default: nil
        }
    }
}

extension ReportImage: TemplateObject {
    func value(of field: ReportField) -> TemplateValue? {
        field == .src ? src.map(TemplateValue.text) : nil
    }
}

/// swift-mustache, which renders templates the compiled renderer does not take, reads the
/// same fields through `MustacheParent` (without it, swift-mustache reflects every item
/// with `Mirror`, which is slow).
extension MustacheParent where Self: TemplateObject {
    func child(named name: String) -> Any? {
        ReportField(rawValue: name).flatMap(value(of:))?.mustacheValue
    }
}

extension ReportPage: MustacheParent {}
extension SourceChip: MustacheParent {}
extension ReportList: MustacheParent {}
extension ReportItem: MustacheParent {}
extension ReportImage: MustacheParent {}
extension ReportActions: MustacheParent {}
extension ReportEpisode: MustacheParent {}
