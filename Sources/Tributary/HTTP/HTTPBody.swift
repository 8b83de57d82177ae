import Foundation

/// The body of a POST, with its content type and the secrets it holds.
///
/// A body holding a secret (a password, say) is itself secret: it is sent, never
/// recorded, logged, shown or made part of a recording key.
public struct HTTPBody: Sendable {
    /// The bytes sent.
    package var data: Data
    /// The `Content-Type` sent with them, e.g. `application/json`.
    package var contentType: String
    /// The secret values inside `data`; when upstream echoes one back, it is scrubbed
    /// from what is recorded like any other secret.
    var secrets: [Secret]

    public init(data: Data, contentType: String, secrets: [Secret] = []) {
        self.data = data
        self.contentType = contentType
        self.secrets = secrets
    }

    /// A JSON object of string fields (keys sorted, so the same fields give the same
    /// bytes); `secretFields` name the fields whose values are secrets.
    public static func json(_ fields: [String: String], secretFields: Set<String> = []) -> HTTPBody {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(fields)) ?? Data("{}".utf8)
        let secrets = fields.filter { secretFields.contains($0.key) }.map { Secret($0.value) }
        return HTTPBody(data: data, contentType: "application/json", secrets: secrets)
    }

    /// Whether the body holds a secret, so that it must never be stored or shown.
    var isSecret: Bool { !secrets.isEmpty }

    /// What recordings keep of the body: a hash of a body without secrets (so that
    /// different bodies to one URL are told apart), nothing of a secret one.
    package var recordedHash: String? {
        isSecret ? nil : StableHash.hex(data.base64EncodedString())
    }
}
