/// The Windows-1252 code page where it differs from Latin-1: bytes 0x80–0x9F, which
/// browsers, the HTML standard and feed readers read "ISO-8859-1" text and C1 character
/// references (`&#146;`) as.
public enum Windows1252 {
    /// The character a byte stands for; nil for the five bytes the code page leaves undefined.
    public static func scalar(for byte: UInt8) -> Unicode.Scalar? {
        guard (0x80...0x9F).contains(byte) else { return Unicode.Scalar(byte) }
        let value = high[Int(byte - 0x80)]
        return value == 0 ? nil : Unicode.Scalar(value)
    }

    /// The byte a character is written as (C1 controls as themselves); nil outside the code page.
    public static func byte(for scalar: UInt32) -> UInt8? {
        if scalar <= 0xFF { return UInt8(scalar) }
        return high.firstIndex(of: scalar).map { UInt8(0x80 + $0) }
    }

    /// The labels the WHATWG Encoding Standard reads as windows-1252 (its label table),
    /// lowercased: ISO-8859-1 and US-ASCII among them.
    static let labels: Set<String> = [
        "ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1", "iso-ir-100", "iso8859-1",
        "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1", "us-ascii", "windows-1252", "x-cp1252",
    ]

    /// The characters of bytes 0x80–0x9F, 0 where undefined.
    static let high: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E,
        0x0178,
    ]
}
