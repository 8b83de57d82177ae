import Testing
import Tributary

/// feeds.json's `selector`: the CSS subset it reads, and what it says of one it cannot.
@Suite struct ElementSelectorTests {
    @Test(arguments: [
        "article", ".post-body", "#content", "main > div.entry", "div.a.b#c", "article .body, #main",
        "[itemprop=articleBody]", "div[data-role='post']", "*", "main>div",
    ])
    func theDocumentedFormsParse(_ text: String) throws {
        let selector = try ElementSelector(parsing: text)
        #expect(selector.description == text && !selector.chains.isEmpty)
    }

    @Test func aChainKeepsItsCombinatorsAndParts() throws {
        let selector = try ElementSelector(parsing: "Main > DIV.entry.wide  p, #content")
        #expect(selector.chains.count == 2)
        let chain = selector.chains[0]
        #expect(chain.first.name == "main")
        #expect(chain.rest.map(\.0) == [.child, .descendant])
        #expect(chain.rest[0].1.name == "div" && chain.rest[0].1.classes == ["entry", "wide"])
        #expect(chain.rest[1].1.name == "p")
        #expect(selector.chains[1].first.id == "content" && selector.chains[1].first.name == nil)
    }

    @Test(arguments: [
        ("", "a selector is missing"), ("div >", "a selector is missing"), ("div,", "a selector is missing"),
        (".", "\".\" needs a class name"), ("#", "\"#\" needs an id"), ("div:hover", "\":\" is not understood"),
        ("[href", "closing \"]\""), ("a[href=\"x]", "not closed"), ("div ~ p", "\"~\" cannot start a selector"),
    ])
    func aBadSelectorSaysWhatIsWrongAndWhatIsAccepted(_ text: String, _ reason: String) {
        #expect {
            try ElementSelector(parsing: text)
        } throws: { error in
            let message = (error as? SelectorError)?.description ?? ""
            return message.contains(reason) && message.contains("main > div.entry")
        }
    }
}
