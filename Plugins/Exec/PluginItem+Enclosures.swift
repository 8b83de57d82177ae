import Tributary

/// A JSON-lines item's `enclosures`, as `digest --format json` writes them: a list of
/// `{"url", "mimeType", "length", "duration"}` objects, all but `url` optional.
extension PluginItem {
    func enclosures() throws -> [Enclosure] {
        guard let value = present("enclosures") else { return [] }
        guard case .array(let list) = value else {
            throw Problem(message: "\"enclosures\" must be a list of objects, found \(value.typeName)")
        }
        return try list.compactMap(Self.enclosure)
    }

    /// One enclosure; nil for one whose `url` is no http or https URL (dropped, as the
    /// host drops such links).
    private static func enclosure(_ value: JSONValue) throws -> Enclosure? {
        guard case .object(let fields) = value, let url = fields["url"]?.stringValue else {
            throw Problem(message: "each of \"enclosures\" must be an object with a \"url\" string")
        }
        let number = { (key: String) throws -> Int? in
            guard let field = fields[key], field != .null else { return nil }
            guard let whole = field.intValue else {
                throw Problem(message: "an enclosure's \"\(key)\" must be a whole number, found \(field.typeName)")
            }
            return whole
        }
        let type = fields["mimeType"]?.stringValue
        return Enclosure(urlString: url, mimeType: type, length: try number("length"), duration: try number("duration"))
    }
}
