/// feeds.json's escape for text that must never become a variable reference: `$${`
/// stands for a literal `${`, so text taken from elsewhere (an OPML file, a web page, a
/// feed) is written escaped and reads back exactly as it came, never expanded.
public enum LiteralText {
    /// `text` as a feeds.json string that means exactly `text`: each `${` written `$${`.
    public static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "${", with: "$${")
    }

    /// The text a feeds.json string stands for before `${VAR}` expansion: each `$${`
    /// read back as `${`, and every `${VAR}` left as written.
    public static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "$${", with: "${")
    }
}
