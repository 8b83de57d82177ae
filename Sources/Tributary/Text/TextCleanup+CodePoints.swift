import TributaryBytes

/// What the cleaner does with each code point: one rule, stated in `docs/commands.md`
/// (where it speaks of your terminal) and tested class by class in
/// `InvisibleCharacterTests`.
///
/// Removed: C0 and C1 controls, DEL, and every invisible character: Unicode's
/// Default_Ignorable_Code_Point set (DerivedCoreProperties.txt, as of Unicode 14.0: soft hyphen,
/// ALM, ZWSP, bidi embeddings, overrides and isolates, word joiner and invisible operators,
/// fillers, BOM, tags…), the interlinear annotation characters U+FFF9–FFFB, which hide text,
/// and the 66 noncharacters (U+FDD0–FDEF, U+FFFE and U+FFFF of every plane: Unicode §23.7).
/// LRM and RLM (U+200E, U+200F) are kept: right-to-left text needs them, and unlike the
/// embeddings, overrides and isolates they open nothing that could reorder what follows.
/// Three kinds of the others are kept where visible text needs them
/// (`LineWriter` applies the context):
/// - ZWNJ and ZWJ between two visible non-ASCII characters (emoji ZWJ sequences, Persian,
///   Indic scripts), never next to ASCII, whitespace or another joiner;
/// - one variation selector right after a visible character (❤️, keycaps, ideographic
///   variants, Mongolian free variation selectors);
/// - the tags of an emoji tag sequence: U+1F3F4, 2–7 tag letters or digits, CANCEL TAG
///   (the flags of England, Scotland and Wales).
/// Whitespace (ASCII, NEL, NBSP and the Unicode spaces and separators) reads as one space.
extension TextCleanup {
    typealias Kind = CodePointKind

    /// The kind of a non-ASCII code point (`LineCleaner` handles ASCII and broken UTF-8).
    static func classify(scalar value: UInt32) -> Kind {
        // Most text is in the blocks between the last special code point below U+3164 and
        // the noncharacters U+FDD0–FDEF: CJK, Hangul, Indic, Cyrillic, Greek, Latin-1 letters.
        if (0x3165..<0xFDD0).contains(value) || (0x0620..<0x115F).contains(value) || (0xAE..<0x034F).contains(value) {
            return .kept
        }
        return switch value {
        case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: .space
        case 0x200C, 0x200D: .joiner
        case 0x180B...0x180F, 0xFE00...0xFE0F, 0xE0100...0xE01EF: .selector
        case 0xE0030...0xE0039, 0xE0061...0xE007A: .tag
        case 0xE007F: .cancelTag
        case 0x1F3F4: .blackFlag
        case 0x80...0x9F, 0xAD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x200B,
            0x202A...0x202E, 0x2060...0x206F, 0x3164, 0xFEFF, 0xFFA0, 0xFFF0...0xFFFB, 0x1BCA0...0x1BCA3,
            0x1D173...0x1D17A, 0xE0000...0xE0FFF, 0xFDD0...0xFDEF:
            .dropped
        // The other noncharacters: U+FFFE and U+FFFF of every plane.
        default: value & 0xFFFE == 0xFFFE ? .dropped : .kept
        }
    }
}
