import Foundation
import Tributary
import TributaryRendering
import TributaryState

/// Which of a run's items the hooks are given, as the JSON lines they are sent as.
enum HookItems {
    /// The items of `digest` that `memory` marks new, and those a `notify` rule marked,
    /// each as its line in `digest --format json`'s item schema, in the digest's order.
    static func queued(from digest: Digest, memory: DigestMemory) -> [StateStore.QueuedItem] {
        var remembered = digest
        remembered.memory = memory
        let writer = JSONRenderer()
        return remembered.items.indices.compactMap { index in
            let item = remembered.items[index]
            let memory = remembered.remembered(at: index)
            guard memory?.isNew == true || digest.ruleMarks[item.id]?.notify == true else { return nil }
            return StateStore.QueuedItem(itemID: item.id, line: writer.line(for: item, remembered: memory))
        }
    }
}
