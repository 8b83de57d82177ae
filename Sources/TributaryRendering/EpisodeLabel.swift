import Tributary

/// How the text formats mark an episode (an item whose enclosure plays, `FeedItem.episode`):
/// `♫ 42 min` for audio, `▶ 12 min` for video, the duration left out when unknown.
enum EpisodeLabel {
    static func marker(_ enclosure: Enclosure) -> String {
        let symbol = enclosure.isVideo ? "▶" : "♫"
        return enclosure.duration.map { "\(symbol) \(duration($0))" } ?? symbol
    }

    /// `45 s`, `42 min`, `1 h 07 min`: minutes rounded to the nearest.
    static func duration(_ seconds: Int) -> String {
        if seconds < 60 { return "\(seconds) s" }
        let minutes = (seconds + 30) / 60
        guard minutes >= 60 else { return "\(minutes) min" }
        let rest = minutes % 60
        return "\(minutes / 60) h " + (rest < 10 ? "0\(rest)" : "\(rest)") + " min"
    }
}
