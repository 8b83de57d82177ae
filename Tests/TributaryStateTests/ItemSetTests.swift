import Foundation
import Testing
@testable import TributaryState

/// A source's records as one value: sorted by id key, one per key, and read back exactly.
@Suite struct ItemSetTests {
    let read = ItemRecord(idKey: -5, urlKey: 42, firstSeen: 10, lastSeen: 20, readAt: 30)
    let unread = ItemRecord(idKey: 7, urlKey: nil, firstSeen: 11.5, lastSeen: 21.25, readAt: nil)

    @Test func aSetIsReadBackAsItWasWritten() throws {
        let set = ItemSet([unread, read])
        #expect(set.records == [read, unread], "sorted by id key")
        let data = ItemSetCoding.encode(set)
        #expect(data.count == 1 + 2 * ItemSetCoding.recordSize)
        #expect(ItemSetCoding.decode(data) == set)
    }

    @Test func aURLKeyOrReadTimeOfZeroIsKeptApartFromNone() throws {
        let zeroes = ItemRecord(idKey: 1, urlKey: 0, firstSeen: 0, lastSeen: 0, readAt: 0)
        #expect(ItemSetCoding.decode(ItemSetCoding.encode(ItemSet([zeroes])))?.records == [zeroes])
    }

    @Test func aValueThisBuildDidNotWriteIsRefused() throws {
        let data = ItemSetCoding.encode(ItemSet([read, unread]))
        #expect(ItemSetCoding.decode(data.dropLast()) == nil, "cut short")
        #expect(ItemSetCoding.decode(Data([2]) + data.dropFirst()) == nil, "another format")
        #expect(ItemSetCoding.decode(Data()) == nil)
        let outOfOrder =
            Data([ItemSetCoding.format]) + data.dropFirst(1 + ItemSetCoding.recordSize)
            + data.dropFirst().prefix(ItemSetCoding.recordSize)
        #expect(ItemSetCoding.decode(outOfOrder) == nil, "keys out of order")
    }

    @Test func insertingKeepsTheRecordAlreadyThereAndTheFirstOfTwoNewOnes() throws {
        var set = ItemSet([read])
        let again = ItemRecord(idKey: read.idKey, urlKey: nil, firstSeen: 99, lastSeen: 99, readAt: nil)
        let first = ItemRecord(idKey: 3, urlKey: nil, firstSeen: 1, lastSeen: 1, readAt: nil)
        let second = ItemRecord(idKey: 3, urlKey: 9, firstSeen: 2, lastSeen: 2, readAt: nil)
        set.inserting([unread, again, first, second])
        #expect(set.records == [read, first, unread])
    }

    @Test func updatesFindARecordByKeyAndNeverMoveIt() throws {
        var set = ItemSet([read, unread])
        set.update(unread.idKey) { $0.lastSeen = 50 }
        set.update(12_345) { $0.lastSeen = 60 }
        #expect(set[unread.idKey]?.lastSeen == 50)
        #expect(set[12_345] == nil)
        #expect(
            set.updateAll {
                $0.idKey = 0
                return $0.readAt == nil
            } == 1)
        #expect(set.records.map(\.idKey) == [read.idKey, unread.idKey])
        #expect(set.removeRecords(lastSeenBefore: 21) == 1)
        #expect(set.records == [ItemRecord(idKey: 7, urlKey: nil, firstSeen: 11.5, lastSeen: 50, readAt: nil)])
    }

    @Test func manyKeysAreFoundInTheirOwnOrderWithTheMissingOnesNil() throws {
        let records = (0..<1_000).map {
            ItemRecord(idKey: Int64($0 * 3), urlKey: nil, firstSeen: Double($0), lastSeen: 0, readAt: nil)
        }
        let set = ItemSet(records.shuffled())
        let keys: [Int64] = [2_997, -3, 0, 4, 1_500, 1_500, 3_000, 299]
        let found = set.records(of: keys)
        #expect(found.map { $0?.firstSeen } == [999, nil, 0, nil, 500, 500, nil, nil])
        #expect(keys.map { set[$0] } == found, "the same as looking each key up")
        #expect(ItemSet().records(of: keys) == Array(repeating: nil, count: keys.count))
    }
}
