import Foundation
import Tributary

/// What the mail's outbox row keeps of an item: the item itself and when it was first
/// seen, as JSON, so a message a run failed to send is sent by a later one whole, even
/// when the item has left its source's window.
struct MailItem: Codable {
    var item: FeedItem
    var firstSeen: Date

    var line: String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let data = (try? encoder.encode(self)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    init(item: FeedItem, firstSeen: Date) {
        self.item = item
        self.firstSeen = firstSeen
    }

    /// The item a row's line holds; nil for a line this version cannot read.
    init?(line: String) {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard let decoded = try? decoder.decode(MailItem.self, from: Data(line.utf8)) else { return nil }
        self = decoded
    }
}
