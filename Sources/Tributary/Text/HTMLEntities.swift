import TributaryBytes

/// Decodes HTML character references in text that APIs send HTML-encoded
/// (Stack Exchange titles, X text): `&amp;`, `&#39;`, `&#x27;`, `&eacute;`.
public enum HTMLEntities {
    /// The text with every named and numeric reference decoded, exactly once:
    /// `&amp;lt;` becomes `&lt;`, not `<`. Unknown or malformed references stay as they are.
    public static func decode(_ text: String) -> String {
        HTMLCharacterReferences.decode(text)
    }
}
