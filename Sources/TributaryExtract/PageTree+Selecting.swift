import Tributary

extension PageTree {
    /// The elements under `start` that `selector` selects, in document order, leaving out
    /// those inside another selected one (their text is already in it).
    func elements(matching selector: ElementSelector, under start: Int) -> [Int] {
        var found: [Int] = []
        walk(from: start) { index in
            guard !nodes[index].isText else { return false }
            guard index != start, selector.chains.contains(where: { matches($0, element: index) }) else { return true }
            found.append(index)
            return false
        }
        return found
    }

    /// Whether `element` is what the chain's last compound describes, with ancestors as
    /// its combinators ask.
    private func matches(_ chain: ElementSelector.Chain, element: Int) -> Bool {
        let compounds = [chain.first] + chain.rest.map(\.1)
        return matches(compounds, chain.rest.map(\.0), upTo: compounds.count - 1, element: element)
    }

    private func matches(
        _ compounds: [ElementSelector.Compound], _ combinators: [ElementSelector.Combinator], upTo position: Int,
        element: Int
    ) -> Bool {
        guard element != Self.root, matches(compounds[position], element: element) else { return false }
        guard position > 0 else { return true }
        var ancestor = nodes[element].parent
        while ancestor > Self.root {
            if matches(compounds, combinators, upTo: position - 1, element: ancestor) { return true }
            if combinators[position - 1] == .child { return false }
            ancestor = nodes[ancestor].parent
        }
        return false
    }

    private func matches(_ compound: ElementSelector.Compound, element: Int) -> Bool {
        let node = nodes[element]
        if let name = compound.name, node.name != name { return false }
        if let id = compound.id, node.attribute("id") != id { return false }
        if !compound.classes.isEmpty {
            let classes = Set((node.attribute("class") ?? "").split(whereSeparator: \.isWhitespace).map(String.init))
            guard compound.classes.allSatisfy(classes.contains) else { return false }
        }
        return compound.attributes.allSatisfy { wanted in
            guard let value = node.attribute(wanted.name) else { return false }
            return wanted.value.map { $0 == value } ?? true
        }
    }
}
