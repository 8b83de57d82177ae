/// The commented feeds.json that `tributary init` writes: sources that need no key and
/// no account, and disabled examples of a local file and a program, to edit in place.
enum StarterConfig {
    static let text = #"""
        // Tributary's configuration: what you follow, and how the digest looks.
        //
        // This is JSON with // and /* */ comments and trailing commas allowed.
        // Tributary looks for it in this order: --config PATH, $TRIBUTARY_CONFIG, ./feeds.json,
        // then $XDG_CONFIG_HOME/tributary/feeds.json (or ~/.config/tributary/feeds.json).
        // Relative paths below (a feed's "url", an exec "command") start at this file's folder,
        // so a run from cron or any other folder reads the same files.
        //
        // Check it with `tributary validate`; `tributary sources` lists every type and option.
        {
          "title": "My digest",
          "limit": 100,       // items in the digest; 0 keeps them all
          "sort": "newest",   // or "score", or "source" (this file's order)
          "exclude": [],      // keywords that drop an item, e.g. ["giveaway"]
          "sources": [
            // Any RSS, Atom or JSON Feed, by its web address.
            { "id": "swift-blog", "type": "feed", "title": "Swift.org blog", "url": "https://www.swift.org/atom.xml" },

            // Hacker News stories on the front page, from the public HN Search API (no key).
            { "id": "hn", "type": "hackernews", "title": "Hacker News", "tags": ["front_page"], "limit": 30 },

            // Stack Overflow questions by tag. Export STACKEXCHANGE_KEY to raise the daily
            // quota; without it the source still runs.
            { "id": "so-swift", "type": "stackoverflow", "tags": ["swift"], "key": "${STACKEXCHANGE_KEY}" },

            // A hashtag on a Mastodon instance (no account needed).
            { "id": "fediverse-swift", "type": "mastodon", "instance": "mastodon.social", "hashtag": "swift" },

            // A feed file on this machine: a path, absolute, ~/…, or relative to this file.
            // Set "enabled" to true once the file exists.
            { "id": "local", "type": "feed", "url": "feeds/local.xml", "enabled": false },

            // Any program that prints a JSON Feed or JSON lines, run without a shell; a program
            // written with a slash is relative to this file, a bare name is looked up in PATH.
            { "id": "my-script", "type": "exec", "command": ["./bin/my-source", "--flag"], "enabled": false },
          ],
        }

        """#
}
