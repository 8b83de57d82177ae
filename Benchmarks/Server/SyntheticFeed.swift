import Foundation

/// Deterministic, realistic synthetic feeds: entities, CDATA with HTML, non-ASCII
/// text, RFC 822 / RFC 3339 dates, media thumbnails. The same name and size always
/// give the same bytes.
enum SyntheticFeed {
    static let base = 1_795_300_000
    static let words = [
        "Swift", "café", "naïve", "Zürich", "東京", "résumé", "feeds", "signal", "merge", "latency", "parser", "digest",
    ]

    static func title(_ feed: String, _ index: Int) -> String {
        "\(words[index % words.count]) & \(words[(index * 7) % words.count]) #\(index) in \(feed)"
    }

    static func rss(name: String, items: Int) -> Data {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:dc="http://purl.org/dc/elements/1.1/">
            <channel><title>Feed \(name)</title><link>https://example.com/\(name)/</link><description>Synthetic feed</description>

            """
        xml.reserveCapacity(items * 800)
        for index in 0..<items {
            let date = rfc822(base - index * 97)
            xml += """
                <item><title>\(escape(title(name, index)))</title>\
                <link>https://example.com/\(name)/posts/\(index)</link>\
                <guid isPermaLink="false">\(name)-\(index)</guid>\
                <pubDate>\(date)</pubDate><dc:creator>Author \(index % 50) Ørsted</dc:creator>\
                <category>swift</category><category>feeds &amp; more</category>\
                <media:thumbnail url="https://img.example.com/\(name)/\(index).jpg" width="150" height="150"/>\
                <description><![CDATA[<p>Body of item <b>\(index)</b> with <a href="https://example.com/\(index)">a link</a>, \
                entities &amp; “quotes” and some text to make it realistic. Lorem ipsum dolor sit amet, consectetur \
                adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.</p>]]></description></item>

                """
        }
        xml += "</channel></rss>\n"
        return Data(xml.utf8)
    }

    static func atom(name: String, items: Int) -> Data {
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
            <title>Feed \(name)</title><id>urn:feed:\(name)</id><updated>\(rfc3339(base))</updated>

            """
        xml.reserveCapacity(items * 850)
        for index in 0..<items {
            xml += """
                <entry><title type="html">\(escape(title(name, index)))</title><id>urn:\(name):\(index)</id>\
                <link rel="alternate" href="https://example.com/\(name)/entries/\(index)"/>\
                <published>\(rfc3339(base - index * 97))</published><updated>\(rfc3339(base - index * 97))</updated>\
                <author><name>Author \(index % 50) Ørsted</name></author><category term="swift"/>\
                <media:thumbnail url="https://img.example.com/\(name)/\(index).jpg"/>\
                <summary type="html">&lt;p&gt;Body of entry &lt;b&gt;\(index)&lt;/b&gt; with entities &amp;amp; “quotes”. \
                Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore.&lt;/p&gt;</summary></entry>

                """
        }
        xml += "</feed>\n"
        return Data(xml.utf8)
    }

    static func stackExchange(name: String, items: Int) -> Data {
        let questions = (0..<items).map { index in
            #"{"tags":["swift","bench"],"owner":{"user_type":"registered","display_name":"User "#
                + #"\#(index)","profile_image":"https://www.gravatar.com/avatar/\#(index)"},"is_answered":true,"view_count":\#(index * 13),"answer_count":\#(index % 4),"score":\#(index % 17),"creation_date":\#(base - index * 61),"question_id":\#(Int(name.hashValueStable) * 1000 + index),"link":"https://stackoverflow.com/questions/\#(Int(name.hashValueStable) * 1000 + index)/q","title":"Question \#(index) in \#(name) &amp; friends"}"#
        }
        return Data(
            #"{"items":[\#(questions.joined(separator: ","))],"has_more":false,"quota_max":10000,"quota_remaining":9990}"#
                .utf8)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }

    private static let rfc822Formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        return formatter
    }()

    static func rfc822(_ seconds: Int) -> String {
        rfc822Formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    static func rfc3339(_ seconds: Int) -> String {
        Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(.iso8601)
    }
}

extension String {
    /// A small, stable number for a name (unlike `hashValue`, the same in every run).
    var hashValueStable: UInt16 {
        utf8.reduce(UInt16(7)) { $0 &* 31 &+ UInt16($1) }
    }
}
