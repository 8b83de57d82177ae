import Foundation

/// An `ItemSet` as the one value the store keeps per source: a format byte, then each
/// record in id-key order as 41 bytes, little-endian: flags (1: has a URL key, 2: read),
/// the id key, the URL key, the first-seen, last-seen and read times (absent ones as 0).
///
/// One value per source instead of a row per item: a row per item put every item of a
/// first run into three B-trees (the table, its URL and its last-seen index), where one
/// value is one write. Safe byte shifts, not unsafe loads, which decoding does not need.
/// The figures are in docs/design/performance.md.
enum ItemSetCoding {
    static let format: UInt8 = 1
    static let recordSize = 41

    private enum Flag {
        static let hasURL: UInt8 = 1
        static let isRead: UInt8 = 2
    }

    static func encode(_ set: ItemSet) -> Data {
        var bytes: [UInt8] = [format]
        bytes.reserveCapacity(1 + set.records.count * recordSize)
        for record in set.records {
            bytes.append((record.urlKey == nil ? 0 : Flag.hasURL) | (record.readAt == nil ? 0 : Flag.isRead))
            append(UInt64(bitPattern: record.idKey), to: &bytes)
            append(UInt64(bitPattern: record.urlKey ?? 0), to: &bytes)
            append(record.firstSeen.bitPattern, to: &bytes)
            append(record.lastSeen.bitPattern, to: &bytes)
            append((record.readAt ?? 0).bitPattern, to: &bytes)
        }
        return Data(bytes)
    }

    private static func append(_ word: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> shift)) }
    }

    /// The set, or nil when `data` is not one this build wrote (another format, a cut value,
    /// or keys out of order).
    static func decode(_ data: Data) -> ItemSet? {
        let bytes = [UInt8](data)
        guard bytes.first == format, (bytes.count - 1) % recordSize == 0 else { return nil }
        var records: [ItemRecord] = []
        records.reserveCapacity((bytes.count - 1) / recordSize)
        var offset = 1
        func word() -> UInt64 {
            var value: UInt64 = 0
            for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (index * 8) }
            offset += 8
            return value
        }
        while offset < bytes.count {
            let flags = bytes[offset]
            offset += 1
            let idKey = Int64(bitPattern: word())
            let urlKey = Int64(bitPattern: word())
            let firstSeen = Double(bitPattern: word())
            let lastSeen = Double(bitPattern: word())
            let readAt = Double(bitPattern: word())
            if let previous = records.last, previous.idKey >= idKey { return nil }
            records.append(
                ItemRecord(
                    idKey: idKey, urlKey: flags & Flag.hasURL == 0 ? nil : urlKey, firstSeen: firstSeen,
                    lastSeen: lastSeen, readAt: flags & Flag.isRead == 0 ? nil : readAt))
        }
        return ItemSet(sorted: records)
    }
}
