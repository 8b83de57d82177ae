/// What a line cleaner (`LineCleaner`) does with one code point; which code point is of
/// which kind is the core's rule (`TextCleanup.classify`), handed to the cleaner.
public enum CodePointKind: Sendable {
    case kept, space, dropped
    /// ZWNJ or ZWJ.
    case joiner
    /// A variation selector (U+FE00–FE0F, U+E0100–E01EF, U+180B–180F).
    case selector
    /// A tag digit or small letter (U+E0030–E0039, U+E0061–E007A).
    case tag
    /// U+E007F CANCEL TAG.
    case cancelTag
    /// U+1F3F4 WAVING BLACK FLAG, which a tag sequence follows.
    case blackFlag

    /// The length of the UTF-8 sequence a lead byte starts (1 for stray continuation bytes).
    public static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC0...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF7: 4
        default: 1
        }
    }
}
