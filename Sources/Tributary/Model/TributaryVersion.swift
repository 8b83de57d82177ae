/// Tributary's version, as shown by `--version` and sent in the `User-Agent`.
public enum TributaryVersion {
    public static let current = "0.1.0"
}
