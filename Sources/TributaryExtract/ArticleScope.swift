/// Where the page marks its article itself: a single `<article>` element that holds at
/// least half of the body's text (and 500 characters) is where the candidates are looked
/// for; several, or a small one (a teaser, a header), change nothing.
enum ArticleScope {
    static func single(in tree: PageTree, body: Int) -> Int? {
        let articles = tree.all("article", under: body)
        guard articles.count == 1 else { return nil }
        let articleText = tree.text(under: articles[0]).count
        return articleText >= 500 && articleText * 2 >= tree.text(under: body).count ? articles[0] : nil
    }
}
