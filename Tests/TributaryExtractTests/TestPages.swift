import Foundation
import TributaryExtract

/// Pages written for these tests, and the extractor run over them.
enum TestPages {
    static let paragraphs = [
        "The river authority said on Tuesday that the new weir, finished three weeks ahead of schedule, had already "
            + "lowered the flood risk for some four hundred homes along the lower valley, where water reached doorsteps "
            + "twice last winter.",
        "Engineers spent most of the summer driving steel piles into the riverbed, working at night so that barges "
            + "carrying grain and timber could pass during the day, a compromise the boatmen's union had asked for.",
        "Residents who gathered on the bank to watch the first gates close were cautious, saying that they had heard "
            + "promises before, and that one dry autumn proves little about what the river will do in February.",
        "The authority plans to publish the water levels it measures at the weir every hour, so that anyone can check "
            + "for themselves whether the new structure does what its designers say it does, starting next month.",
    ]

    static func prose(_ range: Range<Int> = 0..<4) -> String {
        paragraphs[range].map { "<p>\($0)</p>" }.joined(separator: "\n")
    }

    static let navigation = """
        <nav class="site-nav"><ul><li><a href="/">Home</a></li><li><a href="/world">World news</a></li>
        <li><a href="/sport">Sport pages</a></li><li><a href="/weather">Weather today</a></li></ul></nav>
        """

    static func extract(_ html: String, url: String? = "https://news.example/valley/weir.html") throws(ExtractionError)
        -> Article
    {
        try ArticleExtractor().extract(from: Data(html.utf8), url: url.flatMap(URL.init(string:)))
    }
}
