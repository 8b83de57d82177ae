extension UInt8 {
    /// The byte with an ASCII capital letter (A–Z) made lower case; every other byte as it is.
    /// Byte searches that ignore case (keywords, rule texts, HTML names) share it.
    @inlinable public var asciiLowercased: UInt8 {
        (0x41...0x5A).contains(self) ? self | 0x20 : self
    }
}
