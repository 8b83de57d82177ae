/// A Mastodon id read as a string. Mastodon 2.0 and later send ids as strings of digits;
/// earlier servers (and some servers and proxies still) send JSON numbers. Both decode to
/// the same string, as Mastodon's own clients accepted both.
@propertyWrapper
struct MastodonID: Decodable, Sendable {
    var wrappedValue: String

    init(wrappedValue: String) {
        self.wrappedValue = wrappedValue
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            wrappedValue = text
        } else if let number = try? container.decode(UInt64.self) {
            wrappedValue = String(number)
        } else {
            throw DecodingError.typeMismatch(
                String.self,
                .init(codingPath: decoder.codingPath, debugDescription: "an id is a string or a whole number"))
        }
    }
}
