/// Decodes HTML character references in text that APIs send HTML-encoded
/// (Stack Exchange titles, X text): `&amp;`, `&#39;`, `&#x27;`, `&eacute;`.
public enum HTMLEntities {
    /// The text with every named and numeric reference decoded, exactly once:
    /// `&amp;lt;` becomes `&lt;`, not `<`. Unknown or malformed references stay as they are.
    public static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count)
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            output += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            guard let semicolon = rest[afterAmpersand...].prefix(32).firstIndex(of: ";"),
                  let scalar = scalar(for: rest[afterAmpersand..<semicolon])
            else {
                output += "&"
                rest = rest[afterAmpersand...]
                continue
            }
            output.unicodeScalars.append(scalar)
            rest = rest[rest.index(after: semicolon)...]
        }
        return output + rest
    }

    private static func scalar(for reference: Substring) -> Unicode.Scalar? {
        if reference.hasPrefix("#x") || reference.hasPrefix("#X") {
            return UInt32(reference.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        }
        if reference.hasPrefix("#") {
            return UInt32(reference.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
        }
        return HTMLEntityTable.codePoints[String(reference)].flatMap(Unicode.Scalar.init)
    }
}
