import Foundation
import TributaryBytes

extension FeedItem {
    /// An item's fields packed for keeping while a run waits for its other sources: every
    /// text field one after another in the tail of one object (`PackedText`), found by
    /// where each ends, beside the other fields.
    ///
    /// A loose item is a box of fourteen fields and a heap string for each text over 15
    /// bytes. Packed, it is one allocation: its text, an object header, the fields that are
    /// not text and where each text ends (what it saves: `docs/design/performance.md`).
    /// Reading a text field makes a String from its bytes; changing one unpacks the item
    /// first (`FeedItem.unique()`).
    struct Packed: @unchecked Sendable {  // `storage` never changes once made
        /// The fields that are not text.
        struct Scalars: Sendable {
            /// `published`'s seconds since the reference date, NaN for none: a `Date?`
            /// takes a ninth byte.
            let publishedSeconds: Double
            let score: Double?
            let kind: ItemKind
            /// Which optional fields are set (`Field.bit`).
            let present: UInt16
        }

        private let storage: PackedText<Scalars>

        /// The text fields, in the order they are packed.
        enum Field: Int, CaseIterable {
            case id, source, sourceType, title, url, author, summary, thumbnail, image, thumbnailData, tags, content
            case enclosures

            var bit: UInt16 { 1 << UInt16(rawValue) }
        }

        /// nil when the item does not pack: its text over 65,535 bytes (an inlined
        /// thumbnail, say), a tag holding NUL, an enclosure's type holding a tab or a
        /// line break, or a date that is not a number.
        init?(_ values: Values) {
            guard !values.tags.contains(where: { $0.utf8.contains(0) }),
                values.enclosures?.allSatisfy(PackedEnclosures.fits) != false,
                values.published?.timeIntervalSinceReferenceDate.isNaN != true
            else { return nil }
            let fields = Field.allCases.map { Self.text(of: $0, in: values) }
            let present = Field.allCases.reduce(UInt16(0)) { set, field in
                fields[field.rawValue] == nil ? set : set | field.bit
            }
            let scalars = Scalars(
                publishedSeconds: values.published?.timeIntervalSinceReferenceDate ?? .nan, score: values.score,
                kind: values.kind, present: present)
            guard let storage = PackedText.make(fields.map { $0 ?? "" }, fields: scalars) else { return nil }
            self.storage = storage
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
            case .content: values.content
            case .tags: values.tags.isEmpty ? nil : values.tags.joined(separator: "\0")
            case .enclosures: values.enclosures.map(PackedEnclosures.text)
            }
        }

        var kind: ItemKind { storage.fields.kind }
        var score: Double? { storage.fields.score }

        var published: Date? {
            let seconds = storage.fields.publishedSeconds
            return seconds.isNaN ? nil : Date(timeIntervalSinceReferenceDate: seconds)
        }

        /// A field that is always set.
        func string(_ field: Field) -> String { storage.text(field.rawValue) }

        /// `StableHash.value` of the id.
        var idHash: UInt64 { storage.stableHash(of: Field.id.rawValue) }

        /// An optional field.
        func optional(_ field: Field) -> String? {
            storage.fields.present & field.bit == 0 ? nil : string(field)
        }

        var tags: [String] {
            guard storage.fields.present & Field.tags.bit != 0 else { return [] }
            let joined = string(.tags).utf8
            return joined.split(separator: 0, omittingEmptySubsequences: false).map { String(Substring($0)) }
        }

        var enclosures: [Enclosure] {
            optional(.enclosures).map(PackedEnclosures.enclosures) ?? []
        }

        /// The fields as a loose item holds them.
        var values: Values {
            Values(
                id: string(.id), source: string(.source), sourceType: string(.sourceType), kind: kind,
                title: string(.title), url: optional(.url), author: optional(.author), published: published,
                score: score, summary: optional(.summary), thumbnail: optional(.thumbnail), image: optional(.image),
                tags: tags, thumbnailData: optional(.thumbnailData), content: optional(.content),
                enclosures: enclosures.isEmpty ? nil : enclosures)
        }
    }
}

/// Enclosures as one packed text: one line each, its address, type, length and duration
/// apart by tabs (an address as `URL` writes it holds neither a tab nor a line break).
enum PackedEnclosures {
    static func fits(_ enclosure: Enclosure) -> Bool {
        !(enclosure.mimeType ?? "").utf8.contains { $0 == 9 || $0 == 10 }
    }

    static func text(_ enclosures: [Enclosure]) -> String {
        enclosures.map { enclosure in
            [
                enclosure.urlString, enclosure.mimeType ?? "", enclosure.length.map(String.init) ?? "",
                enclosure.duration.map(String.init) ?? "",
            ].joined(separator: "\t")
        }.joined(separator: "\n")
    }

    static func enclosures(_ text: String) -> [Enclosure] {
        text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 4 else { return nil }
            return Enclosure(
                urlString: parts[0], mimeType: parts[1].isEmpty ? nil : parts[1], length: Int(parts[2]),
                duration: Int(parts[3]))
        }
    }
}
