import Foundation

extension FeedItem {
    /// An item's fields packed for keeping while a run waits for its other sources: every
    /// text field in one string, one after another, found by where each ends.
    ///
    /// A loose item is a box of fourteen fields and a heap string for each text over 15
    /// bytes (32 bytes of header each, plus malloc's own): about 1 KB for a typical feed
    /// item, of which 400 bytes are text. Packed, it is this box and one string: about
    /// 530 bytes. Reading a text field makes a String from its bytes; changing one
    /// unpacks the item first (`FeedItem.unique()`).
    final class Packed: Sendable {
        /// The text fields in `Field` order; tags separated by NUL.
        private let text: String
        /// Where each field of `text` ends, in UTF-8 bytes; the last ends with `text`.
        private let ends: SIMD16<UInt16>
        /// `published`'s seconds since the reference date, NaN for none: a `Date?` takes
        /// a ninth byte, and the box a sixteen-byte malloc chunk more.
        private let publishedSeconds: Double
        let score: Double?
        let kind: ItemKind
        /// Which optional fields are set (`Field.bit`).
        private let present: UInt16

        /// The text fields, in the order they are packed.
        enum Field: Int, CaseIterable {
            case id, source, sourceType, title, url, author, summary, thumbnail, image, thumbnailData, tags

            var bit: UInt16 { 1 << UInt16(rawValue) }
        }

        /// nil when the item does not pack: its text over 65,535 bytes (an inlined
        /// thumbnail, say), a tag holding NUL, or a date that is not a number.
        init?(_ values: Values) {
            guard !values.tags.contains(where: { $0.utf8.contains(0) }),
                values.published?.timeIntervalSinceReferenceDate.isNaN != true
            else { return nil }
            let fields = Field.allCases.map { Self.text(of: $0, in: values) }
            var text = ""
            var ends = SIMD16<UInt16>()
            var present: UInt16 = 0
            text.reserveCapacity(fields.reduce(0) { $0 + ($1?.utf8.count ?? 0) })
            for (field, value) in zip(Field.allCases, fields) {
                if let value {
                    text += value
                    present |= field.bit
                }
                guard text.utf8.count <= UInt16.max else { return nil }
                ends[field.rawValue] = UInt16(text.utf8.count)
            }
            (self.text, self.ends, self.present) = (text, ends, present)
            publishedSeconds = values.published?.timeIntervalSinceReferenceDate ?? .nan
            (kind, score) = (values.kind, values.score)
        }

        private static func text(of field: Field, in values: Values) -> String? {
            switch field {
            case .id: values.id
            case .source: values.source
            case .sourceType: values.sourceType
            case .title: values.title
            case .url: values.url
            case .author: values.author
            case .summary: values.summary
            case .thumbnail: values.thumbnail
            case .image: values.image
            case .thumbnailData: values.thumbnailData
            case .tags: values.tags.isEmpty ? nil : values.tags.joined(separator: "\0")
            }
        }

        var published: Date? {
            publishedSeconds.isNaN ? nil : Date(timeIntervalSinceReferenceDate: publishedSeconds)
        }

        /// A field that is always set.
        func string(_ field: Field) -> String {
            let utf8 = text.utf8
            let start = utf8.index(utf8.startIndex, offsetBy: field == .id ? 0 : Int(ends[field.rawValue - 1]))
            let end = utf8.index(utf8.startIndex, offsetBy: Int(ends[field.rawValue]))
            return String(Substring(utf8[start..<end]))
        }

        /// An optional field.
        func optional(_ field: Field) -> String? {
            present & field.bit == 0 ? nil : string(field)
        }

        var tags: [String] {
            guard present & Field.tags.bit != 0 else { return [] }
            let joined = string(.tags).utf8
            return joined.split(separator: 0, omittingEmptySubsequences: false).map { String(Substring($0)) }
        }

        /// The fields as a loose item holds them.
        var values: Values {
            Values(
                id: string(.id), source: string(.source), sourceType: string(.sourceType), kind: kind,
                title: string(.title), url: optional(.url), author: optional(.author), published: published,
                score: score, summary: optional(.summary), thumbnail: optional(.thumbnail), image: optional(.image),
                tags: tags, thumbnailData: optional(.thumbnailData))
        }
    }
}
