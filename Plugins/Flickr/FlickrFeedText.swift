import Foundation
import Tributary

/// The feed's author field: `nobody@flickr.com ("Display Name")`.
enum FeedAuthor {
    static func name(_ raw: String) -> String? {
        var text = raw
        if let open = raw.firstIndex(of: "("), let close = raw.lastIndex(of: ")"), open < close {
            text = String(raw[raw.index(after: open)..<close])
        }
        text = text.trimmingCharacters(in: .whitespaces)
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
        let name = FlickrMapping.clean(text)
        return name.isEmpty || name == "nobody@flickr.com" ? nil : name
    }
}

/// The feed's HTML description: "<p>Name posted a photo:</p> <p><img …></p> <p>text</p>".
enum FeedDescription {
    static func text(_ html: String, author: String?) -> String? {
        var text = TextCleanup.plainText(fromHTML: html)
        for verb in ["posted a photo:", "posted a video:"] {
            if let author, text.hasPrefix("\(author) \(verb)") {
                text = String(text.dropFirst(author.count + verb.count + 1))
            }
        }
        text = text.trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }
}
