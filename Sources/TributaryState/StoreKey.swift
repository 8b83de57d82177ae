import Tributary

/// How the store keys an item's id and canonical URL: their 64-bit stable hash, as SQLite's
/// signed integer. A row of integers is about a fifth of one that repeated the config's path,
/// the source's id, the item's id and its URL (34 MB for 100,000 items, 7.4 MB now), and an
/// integer index fills and compares faster than a text one.
///
/// Two ids of one source sharing a key (odds about 1 in 3×10⁹ for a 100,000-item source)
/// would share their first-seen and read state. Keys give a hostile feed nothing it lacks
/// anyway: it can repeat its own ids, and it can publish another source's URL outright.
enum StoreKey {
    static func of(_ text: String) -> Int64 {
        Int64(bitPattern: StableHash.value(text))
    }
}
