import Foundation
import Testing

/// `digest --format text` as a reader sees it: lines that fit the terminal in every
/// script, times in the reader's zone, titles that are hyperlinks on a terminal only,
/// and no escape sequence that upstream text could make.
@Suite struct TerminalTextTests {
    static let titles = [
        "The quick brown fox jumps over the lazy dog while the band plays on and on until the morning comes",
        "東京都の新しい図書館が開館しました。蔵書は百万冊を超え、最新の技術を使った閲覧室も用意されています",
        "서울의 새로운 도서관이 문을 열었습니다 백만 권이 넘는 장서와 최신 기술을 갖춘 열람실이 있습니다",
        "افتتحت مَكْتَبَةٌ جديدة في القاهرة تضم أكثر من مليون كتاب وقاعات قراءة مجهزة بأحدث التقنيات",
        "ספרייה חדשה נפתחה בירושלים, שָׁלוֹם לכולם, ובה יותר ממיליון ספרים ואולמות קריאה מצוידים",
        "👨‍👩‍👧‍👦 family day 👩🏽‍💻 coding 🏳️‍🌈 pride ❤️ love 🇯🇵 trip 👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦 and more to come",
        "Cafe\u{301} cre\u{300}me bru\u{302}le\u{301}e and na\u{308}ive re\u{301}sume\u{301}s"
            + " for all, tonight and every night",
    ]

    static func items(_ titles: [String]) -> [[String: String]] {
        titles.enumerated().map { index, title in
            ["id": "\(index)", "title": title, "url": "https://example.com/\(index)", "author": "Zoë 작가"]
        }
    }

    /// Every line but the URLs (never cut) fits in `width` cells; returns the cut titles.
    func expectFits(_ output: String, width: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        var cut = 0
        for line in output.split(separator: "\n") where !line.hasPrefix("     https://") {
            let cells = TerminalRun.cells(line)
            #expect(cells <= width, "\(cells) cells: \(line)", sourceLocation: sourceLocation)
            if line.contains("… [") {
                cut += 1
                #expect(cells >= width - 1, "cut short (\(cells) cells): \(line)", sourceLocation: sourceLocation)
            }
        }
        return cut
    }

    @Test func withWidthEveryLineFitsInEveryScript() async throws {
        let config = try TerminalRun.config(items: Self.items(Self.titles))
        for width in [40, 57, 80] {
            let result = try await TributaryBinary.run(["digest", "--config", config.path, "--width", "\(width)"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(expectFits(result.stdout, width: width) == Self.titles.count, "every title is cut at \(width)")
        }
    }

    @Test func pipedWithoutWidthNothingIsCut() async throws {
        let config = try TerminalRun.config(items: Self.items(Self.titles))
        let result = try await TributaryBinary.run(["digest", "--config", config.path])
        #expect(result.status == 0, "\(result.stderr)")
        for title in Self.titles { #expect(result.stdout.contains(title), "cut: \(title)") }
        #expect(!result.stdout.contains("…"))
    }

    @Test func onATerminalLinesFitItsWidthThenCOLUMNSThen80() async throws {
        let config = try TerminalRun.config(items: Self.items(Self.titles))
        let arguments = ["digest", "--config", config.path, "--no-state"]
        let window = try await TerminalRun.onTerminal(arguments, columns: 50, environment: ["COLUMNS": "70"])
        #expect(expectFits(window.stdout, width: 50) == Self.titles.count)
        let columns = try await TerminalRun.onTerminal(arguments, columns: 0, environment: ["COLUMNS": "66"])
        #expect(expectFits(columns.stdout, width: 66) == Self.titles.count)
        let fallback = try await TerminalRun.onTerminal(arguments, columns: 0)
        #expect(expectFits(fallback.stdout, width: 80) == Self.titles.count)
        #expect(window.stdout.contains("7 items from 1 source ·"))
    }

    @Test func timesAreTheReadersZoneAgesForAWeekThenDays() async throws {
        let now = Date()
        let dates = [now.addingTimeInterval(-3 * 3_600 - 60), now.addingTimeInterval(-10 * 86_400)]
        var items = Self.items(["Three hours old", "Ten days old", "Long ago"])
        for (index, date) in dates.enumerated() {
            items[index]["published"] = ISO8601DateFormatter().string(from: date)
        }
        items[2]["published"] = "2026-01-10T20:00:00Z"
        let config = try TerminalRun.config(items: items)
        let tokyo = try await TributaryBinary.run(
            ["digest", "--config", config.path], environment: ["TZ": "Asia/Tokyo"])
        #expect(tokyo.stdout.contains("lines · Zoë 작가 · 3 h ago\n"), "\(tokyo.stdout)")
        #expect(tokyo.stdout.contains("lines · Zoë 작가 · 2026-01-11\n"))
        let tenDaysAgo = dates[1].addingTimeInterval(9 * 3_600)
        #expect(
            tokyo.stdout.contains("lines · Zoë 작가 · \(ISO8601DateFormatter().string(from: tenDaysAgo).prefix(10))\n"))
        let utc = try await TributaryBinary.run(["digest", "--config", config.path], environment: ["TZ": "UTC"])
        #expect(utc.stdout.contains("lines · Zoë 작가 · 2026-01-10\n"), "\(utc.stdout)")
        let json = try await TributaryBinary.run(
            ["digest", "--config", config.path, "--format", "json"], environment: ["TZ": "Asia/Tokyo"])
        #expect(json.stdout.contains(#""published": "2026-01-10T20:00:00Z""#))
    }

    @Test func titlesAreHyperlinksOnATerminalOnly() async throws {
        let config = try TerminalRun.config(items: Self.items(["Linked title"]))
        let arguments = ["digest", "--config", config.path, "--no-state"]
        let link = "\u{1B}]8;;https://example.com/0\u{1B}\\"
        let colour = ["NO_COLOR": ""]
        let onTerminal = try await TerminalRun.onTerminal(arguments, columns: 80, environment: colour)
        #expect(onTerminal.stdout.contains(link + "\u{1B}[1mLinked title\u{1B}[0m\u{1B}]8;;\u{1B}\\"), "\(onTerminal)")
        let noLinks = try await TerminalRun.onTerminal(arguments + ["--no-links"], columns: 80, environment: colour)
        #expect(noLinks.stdout.contains("Linked title") && !noLinks.stdout.contains("\u{1B}]8"))
        let noColour = try await TerminalRun.onTerminal(arguments, columns: 80, environment: ["NO_COLOR": "1"])
        #expect(noColour.stdout.contains("Linked title") && !noColour.stdout.contains("\u{1B}"))
        let piped = try await TributaryBinary.run(arguments, environment: colour)
        #expect(piped.stdout.contains("Linked title") && !piped.stdout.contains("\u{1B}"), "\(piped)")
    }

    @Test func upstreamOSC8AndOSC52NeverBecomeEscapeSequences() async throws {
        let osc52 = "\u{1B}]52;c;cm0gLXJmIH4=\u{07}"
        let osc8 = "\u{1B}]8;;https://evil.example/\u{1B}\\"
        let items = [
            ["id": "1", "title": "Clipboard \(osc52)grab", "url": "https://example.com/a\(osc52)"],
            ["id": "2", "title": "Link \(osc8)spoof\u{1B}]8;;\u{1B}\\", "url": "https://example.com/b\(osc8)"],
            [
                "id": "3", "title": "C1 \u{9D}8;;https://evil.example/\u{9C}spoof", "author": osc52,
                "url": "https://example.com/c\u{9B}2J",
            ],
        ]
        let config = try TerminalRun.config(items: items)
        let arguments = ["digest", "--config", config.path, "--no-state"]
        let onTerminal = try await TerminalRun.onTerminal(arguments, columns: 100, environment: ["NO_COLOR": ""])
        #expect(onTerminal.stdout.contains("Clipboard"), "\(onTerminal.stdout)")
        #expect(onTerminal.stdout.contains("\u{1B}]8;;https://example.com/"), "links are on")
        let piped = try await TributaryBinary.run(arguments)
        for output in [TerminalRun.withoutOwnEscapes(onTerminal.stdout), piped.stdout] {
            #expect(
                !output.unicodeScalars.contains {
                    $0.value == 0x1B || $0.value == 0x07 || (0x80...0x9F).contains($0.value)
                })
            #expect(!output.contains("evil.example/\u{1B}"))
        }
    }
}
