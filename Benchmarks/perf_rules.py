"""The rules' rows: the JSON digest of one large file with 20 rules of mixed kinds, in turn
with the same digest without rules, so each round's ratio compares them in the same moments
(the issue's target: rules add at most 5%); and `rules test` over the same items (target: 1 s)."""
import json, os
from perf_context import RUNS, TABLE, TRIBUTARY, WORK, counted, digest
from perf_measure import best, median, timed

# Words each in about a tenth of the shared generator's titles.
TOPICS = ["browser", "archive", "music", "river", "season", "library", "island", "travel", "tutorial", "parser",
          "server", "museum", "latency", "kernel", "launch", "forest", "market", "database", "episode", "framework",
          "ocean", "review", "startup", "security", "swift", "aggregator", "benchmark", "cache", "festival", "opinion"]

# Five of the entry's own (a keep with stop among them, and a keep of the topics followed), then
# fifteen top-level ones: contains on title and summary, matches, is on source, tags, author and
# kind, score and age, any/all/not; drop, tag, star, markRead, notify, keep and stop.
ENTRY_RULES = [
    {"name": "must-reads", "if": {"author": {"is": ["Satellite", "Research"]}}, "then": ["star", "keep", "stop"]},
    {"name": "no reposts", "if": {"title": {"matches": "^(re|fwd):"}}, "then": ["drop"]},
    {"name": "questions", "if": {"title": {"matches": "\\bQ&A\\b"}}, "then": [{"tag": "qa"}]},
    {"name": "patch day", "if": {"all": [{"title": {"contains": "patch"}}, {"summary": {"contains": "security"}}]},
     "then": [{"tag": "patch-day"}, "notify"]},
    {"name": "topics I follow", "if": {"any": [{"title": {"contains": TOPICS}},
                                               {"tags": {"is": ["digest", "energy", "stream"]}}]},
     "then": ["keep"]},
]
TOP_RULES = [
    {"name": "no sponsored posts", "if": {"any": [{"title": {"contains": "sponsored"}}, {"tags": {"is": "ad"}}]},
     "then": ["drop"]},
    {"name": "no election opinions", "if": {"all": [{"title": {"contains": "election"}},
                                                    {"title": {"contains": "opinion"}}]}, "then": ["drop"]},
    {"name": "security", "if": {"any": [{"title": {"contains": ["security", "patch", "vulnerability"]}},
                                        {"tags": {"is": "security"}}]}, "then": [{"tag": "security"}]},
    {"name": "concurrency", "if": {"title": {"contains": ["async", "await", "actor", "actors"]}},
     "then": [{"tag": "concurrency"}]},
    {"name": "swift", "if": {"any": [{"title": {"contains": "swift"}}, {"summary": {"contains": "swift"}}]},
     "then": [{"tag": "swift"}]},
    {"name": "old news", "if": {"age": {"above": "1000d"}}, "then": ["markRead"]},
    {"name": "popular", "if": {"score": {"above": 100}}, "then": ["star"]},
    {"name": "no medium", "if": {"url": {"matches": "^https?://(www\\.)?medium\\.com/"}}, "then": ["drop"]},
    {"name": "no bots but releases", "if": {"author": {"contains": "bot"}, "not": {"title": {"contains": "release"}}},
     "then": ["drop"]},
    {"name": "climate", "if": {"summary": {"contains": "climate change"}}, "then": [{"tag": "climate"}]},
    {"name": "weekly digests", "if": {"title": {"matches": "\\bdigest\\b.*\\bweekly\\b"}}, "then": ["markRead"]},
    {"name": "listen", "if": {"any": [{"title": {"contains": "podcast"}}, {"tags": {"is": "episode"}}]},
     "then": [{"tag": "listen"}]},
    {"name": "recent research", "if": {"title": {"contains": "research"}, "age": {"below": "900d"}},
     "then": ["star"]},
    {"name": "no recipes", "if": {"tags": {"is": "recipe"}, "not": {"title": {"contains": "garden"}}},
     "then": ["drop"]},
    {"name": "photos", "if": {"source": {"is": "big"}, "kind": {"is": "photo"}}, "then": [{"tag": "photo"}]},
]


def rules_config(path, rules):
    """A feeds.json of one `feed` entry reading `path`, with the 20 rules or none."""
    config = os.path.join(WORK, f"rules-{'on' if rules else 'off'}.json")
    entry = {"id": "big", "type": "feed", "url": "file://" + path}
    document = {"limit": 0, "sources": [entry]}
    if rules:
        entry["rules"] = ENTRY_RULES
        document["rules"] = TOP_RULES
    json.dump(document, open(config, "w"))
    return config


def rules_rows(label, path, items):
    """The digest with and without rules in turn (at least three rounds), then `rules test`."""
    plain_config, rules = rules_config(path, False), rules_config(path, True)
    assert len(ENTRY_RULES) + len(TOP_RULES) == 20
    plain, ruled = [], []
    plain_out, ruled_out = os.path.join(WORK, "digest.json"), os.path.join(WORK, "digest-rules.json")
    for _ in range(max(RUNS, 3)):
        plain.append(timed(WORK, digest(plain_config, "--no-state"), stdout=plain_out))
        ruled.append(timed(WORK, digest(rules, "--no-state"), stdout=ruled_out))
    ratios = [run.wall / base.wall for run, base in zip(ruled, plain)]
    cpu = [run.cpu / base.cpu for run, base in zip(ruled, plain)]
    kept = len(json.load(open(ruled_out))["items"])
    TABLE.add(f"tributary {label}, --no-state, no rules", best(plain), 0, items, note=counted(plain_out, items))
    TABLE.add(f"tributary {label}, --no-state, 20 rules", best(ruled), 0, items, best(plain),
              f"median {median(ratios):.2f}x; each run: " + ", ".join(f"{ratio:.2f}" for ratio in ratios)
              + f"; cpu median {median(cpu):.2f}x; {kept:,} items kept")
    trials, out = [], os.path.join(WORK, "rules-test.txt")
    for _ in range(max(RUNS, 3)):
        trials.append(timed(WORK, [TRIBUTARY, "rules", "test", "--config", rules, "-q"], stdout=out))
    last = open(out, encoding="utf-8").read().splitlines()
    note = "ok" if any(line.startswith("no rule touched") for line in last) else "NO REPORT"
    TABLE.add(f"tributary rules test, {label}", best(trials), 0, items,
              note=f"{note}; median {median([run.wall for run in trials]):.3f} s; each run: "
              + ", ".join(f"{run.wall:.2f}" for run in trials))
