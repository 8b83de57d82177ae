import Foundation

extension PageTree {
    /// `page` read by libxml2's HTML parser (error recovery on, no network), as the
    /// extractor reads it; nil when libxml2 made no document of it. For other readers of
    /// pages, such as `tributary add`'s search for the feeds a page announces.
    public static func reading(_ page: Data) -> PageTree? {
        let isUTF8 = String(validating: page, as: UTF8.self) != nil
        return LibXMLPageReader.read(page, utf8: isUTF8, maxDepth: ArticleExtractor.maxDepth)?.tree
    }
}
