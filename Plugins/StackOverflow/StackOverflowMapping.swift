import Foundation
import Tributary

/// Maps Stack Exchange questions to digest items. Pure.
enum StackOverflowMapping {
    static func item(_ question: StackOverflowAPI.Question) -> FeedItem {
        FeedItem(
            id: String(question.question_id),
            source: "", sourceType: StackOverflowSource.type, kind: .question,
            title: HTMLEntities.decode(question.title),
            url: question.link.flatMap(secureLink),
            author: question.owner?.display_name.map(HTMLEntities.decode),
            published: question.creation_date.map { Date(timeIntervalSince1970: TimeInterval($0)) },
            score: question.score.map(Double.init),
            summary: summary(question),
            thumbnail: question.owner?.profile_image.flatMap(URL.init(string:)),
            tags: question.tags ?? []
        )
    }

    /// "3 answers · 1,204 views · answered"
    static func summary(_ question: StackOverflowAPI.Question) -> String {
        var parts: [String] = []
        if let answers = question.answer_count { parts.append(answers == 1 ? "1 answer" : "\(answers) answers") }
        if let views = question.view_count { parts.append("\(DecimalText.grouped(views)) views") }
        if let answered = question.is_answered { parts.append(answered ? "answered" : "not answered") }
        if let reason = question.closed_reason { parts.append("closed as \(HTMLEntities.decode(reason))") }
        return parts.joined(separator: " · ")
    }

    /// Old data has `http://` links; every Stack Exchange site serves https.
    static func secureLink(_ link: String) -> URL? {
        guard link.hasPrefix("http://") else { return URL(string: link) }
        return URL(string: "https://" + link.dropFirst("http://".count))
    }
}
