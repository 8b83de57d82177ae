import Foundation
import Tributary

/// Blanks the JSON fields of a response that a request named as secret
/// (`HTTPRequest.secretResponseFields`), before the body is written anywhere.
enum SecretFields {
    /// The body with the value of every field named in `names`, at any depth, replaced
    /// by `"***"`. A body that is not JSON, or has none of the fields, comes back as it was.
    /// Bodies arrive here inflated (the transports inflate them).
    static func blank(_ names: Set<String>, in body: Data) -> Data {
        guard !names.isEmpty,
            let document = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
        else { return body }
        var found = false
        let blanked = blank(names, in: document, found: &found)
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]
        guard found, let data = try? JSONSerialization.data(withJSONObject: blanked, options: options) else {
            return body
        }
        return data
    }

    private static func blank(_ names: Set<String>, in value: Any, found: inout Bool) -> Any {
        if let object = value as? [String: Any] {
            var copy = object
            for (key, field) in object {
                if names.contains(key) {
                    copy[key] = "***"
                    found = true
                } else {
                    copy[key] = blank(names, in: field, found: &found)
                }
            }
            return copy
        }
        if let array = value as? [Any] { return array.map { blank(names, in: $0, found: &found) } }
        return value
    }
}
