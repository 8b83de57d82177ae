import Foundation

/// The Stack Exchange API 2.3 wire format, exactly as upstream sends it
/// (default filter): the common wrapper and the question object.
enum StackOverflowAPI {
    /// The common wrapper around every response, success or error.
    struct Wrapper: Decodable {
        var items: [Question]?
        var has_more: Bool?
        var quota_max: Int?
        var quota_remaining: Int?
        /// Seconds to wait before calling the same method again.
        var backoff: Int?
        var error_id: Int?
        var error_name: String?
        var error_message: String?
    }

    struct Question: Decodable {
        var question_id: Int
        /// HTML-encoded.
        var title: String
        var link: String?
        var score: Int?
        var answer_count: Int?
        var is_answered: Bool?
        var view_count: Int?
        var tags: [String]?
        /// Absent for some deleted owners.
        var owner: Owner?
        /// Unix seconds.
        var creation_date: Int?
        var last_activity_date: Int?
        var accepted_answer_id: Int?
        var closed_reason: String?
    }

    /// A question's owner; deleted users have only `user_type` and `display_name`.
    struct Owner: Decodable {
        var user_id: Int?
        var user_type: String?
        /// HTML-encoded.
        var display_name: String?
        var profile_image: String?
        var link: String?
        var reputation: Int?
    }
}
