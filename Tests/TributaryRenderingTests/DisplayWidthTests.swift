import Testing
import TributaryRendering

/// Display cells as a terminal draws them, and cuts that never split a cluster.
@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("abc", 3), ("東京", 4), ("서울", 4), ("ｶﾀｶﾅ", 4), ("ＡＢ", 4), ("مَكْتَبَة", 5), ("שָׁלוֹם", 4),
        ("Cafe\u{301}", 4), ("👨‍👩‍👧‍👦", 2), ("👩🏽‍💻", 2), ("🏳️‍🌈", 2), ("❤️", 2), ("🇯🇵", 2), ("a\u{200B}b", 2),
        ("\u{1100}\u{1161}\u{11A8}", 2),
    ])
    func cells(_ text: String, _ expected: Int) {
        #expect(DisplayWidth.cells(text) == expected, "\(text)")
    }

    @Test func cutsAtClusterBoundariesWithAnEllipsis() {
        #expect(DisplayWidth.fitting("東京タワーへ行く", in: 9) == "東京タワ…")
        #expect(DisplayWidth.fitting("東京タワーへ行く", in: 10) == "東京タワ…")  // a wide one does not fit in one cell
        #expect(DisplayWidth.fitting("👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦", in: 5) == "👨‍👩‍👧‍👦👨‍👩‍👧‍👦…")
        #expect(DisplayWidth.fitting("Cafe\u{301} noir", in: 6) == "Cafe\u{301} …")
        #expect(DisplayWidth.fitting("short", in: 5) == "short")
    }
}
