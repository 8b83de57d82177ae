/// Human-readable byte counts for messages.
public enum ByteCount {
    public static func format(_ bytes: Int) -> String {
        if bytes >= 1024 * 1024 { return "\(bytes / (1024 * 1024)) MB" }
        if bytes >= 1024 { return "\(bytes / 1024) KB" }
        return "\(bytes) bytes"
    }
}
