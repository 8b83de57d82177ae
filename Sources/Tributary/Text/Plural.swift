/// Counts that read right: "1 item", "2 items", "0 sources".
public enum Plural {
    /// `count` and `noun`, with an `s` unless the count is one.
    public static func count(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }
}
