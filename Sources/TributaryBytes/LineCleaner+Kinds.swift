extension LineCleaner {
    /// The kind of the code point one UTF-8 sequence encodes: a lone byte (ASCII, or a
    /// stray continuation byte, dropped) by itself, a sequence cut short kept as it is,
    /// any other by the caller's rule (`classify`).
    func kind(of sequence: UnsafeBufferPointer<UInt8>) -> CodePointKind {
        let lead = sequence[0]
        if sequence.count == 1 {
            if lead == 0x20 || (0x09...0x0D).contains(lead) { return .space }
            return lead < 0x20 || lead == 0x7F || lead >= 0x80 ? .dropped : .kept
        }
        guard sequence.count == CodePointKind.sequenceLength(lead) else { return .kept }
        var value = UInt32(lead) & (0x7F >> sequence.count)
        for byte in sequence.dropFirst() { value = value << 6 | UInt32(byte & 0x3F) }
        return classify(value)
    }
}
