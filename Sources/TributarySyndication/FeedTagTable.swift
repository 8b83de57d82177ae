import CLibXML2

/// Tags already named, by interned name and namespace pointer. libxml2 interns both
/// strings in its dictionary, so a name seen before is found by its pointers, in a small
/// open-addressing table: a fixed buffer rather than an array, so that a lookup per
/// element costs no reference counting.
struct FeedTagTable: ~Copyable {
    private let slots = UnsafeMutableBufferPointer<Slot>.allocate(capacity: 128)
    private var count = 0
    private var plainNames = FeedPlainNames.rss

    init() {
        slots.initialize(repeating: Slot())
    }

    /// From now on, names in no namespace are read as `names` says (see `FeedXMLTag(plainName:as:)`).
    mutating func readPlainNames(as names: FeedPlainNames) {
        plainNames = names
        for index in slots.indices { slots[index] = Slot() }
        count = 0
    }

    /// The tag for a name and namespace.
    mutating func tag(_ name: UnsafePointer<xmlChar>, _ uri: UnsafePointer<xmlChar>?) -> FeedXMLTag {
        let hash = UInt(bitPattern: name) >> 4 ^ UInt(bitPattern: uri) >> 6
        var slot = Int(hash) & (slots.count - 1)
        while let known = slots[slot].name {
            if known == name && slots[slot].uri == uri { return slots[slot].tag }
            slot = (slot + 1) & (slots.count - 1)
        }
        let namespace = FeedNamespace(uri: uri.map { String(cString: $0) })
        let tag =
            plainNames != .rss && uri == nil
            ? FeedXMLTag(plainName: String(cString: name), as: plainNames)
            : FeedXMLTag(namespace: namespace, name: String(cString: name))
        if count < slots.count / 2 {  // half full at most, so probes stay short
            slots[slot] = Slot(name: name, uri: uri, tag: tag)
            count += 1
        }
        return tag
    }

    private struct Slot {
        var name: UnsafePointer<xmlChar>?
        var uri: UnsafePointer<xmlChar>?
        var tag = FeedXMLTag.other
    }

    deinit {
        slots.deallocate()
    }
}
