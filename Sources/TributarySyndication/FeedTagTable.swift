import CLibXML2

/// Tags already named, by interned name and namespace pointer. libxml2 interns both
/// strings in its dictionary, so a name seen before is found by its pointers, in a small
/// open-addressing table: a fixed buffer rather than an array, so that a lookup per
/// element costs no reference counting.
@unsafe struct FeedTagTable: ~Copyable {
    private let slots = UnsafeMutableBufferPointer<Slot>.allocate(capacity: 128)
    private var count = 0
    private var plainNames = FeedPlainNames.rss

    init() {
        unsafe slots.initialize(repeating: Slot())
    }

    /// From now on, names in no namespace are read as `names` says (see `FeedXMLTag(plainName:as:)`).
    mutating func readPlainNames(as names: FeedPlainNames) {
        unsafe plainNames = names
        for index in unsafe slots.indices { unsafe slots[index] = Slot() }
        unsafe count = 0
    }

    /// The tag for a name and namespace.
    mutating func tag(_ name: UnsafePointer<xmlChar>, _ uri: UnsafePointer<xmlChar>?) -> FeedXMLTag {
        let hash = UInt(bitPattern: name) >> 4 ^ UInt(bitPattern: uri) >> 6
        var slot = unsafe Int(hash) & (slots.count - 1)
        while let known = unsafe slots[slot].name {
            if unsafe known == name && slots[slot].uri == uri { return unsafe slots[slot].tag }
            slot = unsafe (slot + 1) & (slots.count - 1)
        }
        let namespace = unsafe FeedNamespace(uri: uri.map { unsafe String(cString: $0) })
        let tag =
            unsafe plainNames != .rss && uri == nil
            ? FeedXMLTag(plainName: String(cString: name), as: plainNames)
            : FeedXMLTag(namespace: namespace, name: String(cString: name))
        if unsafe count < slots.count / 2 {  // half full at most, so probes stay short
            unsafe slots[slot] = unsafe Slot(name: name, uri: uri, tag: tag)
            unsafe count += 1
        }
        return tag
    }

    @unsafe private struct Slot {
        var name: UnsafePointer<xmlChar>?
        var uri: UnsafePointer<xmlChar>?
        var tag = FeedXMLTag.other
    }

    deinit {
        unsafe slots.deallocate()
    }
}
