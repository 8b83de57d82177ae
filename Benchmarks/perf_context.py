"""What every part of the benchmark shares: the binaries, the options, the work folder (where
every run's store and cache live: the benchmark never writes the user's own) and the table."""
import json, os, sys, tempfile
from perf_measure import Table

BIN = sys.argv[1]
QUICK = "--quick" in sys.argv
# `--only many`: just the feeds served over loopback (50/500/5,000), for work on the HTTP engine and merging;
# `--only shared`: just the team's method (../shared/bench/README.md), the store on and `--no-state` beside;
# `--only startup`: just the start-up rows (the offline demo and `validate` beside `sfeed_plain`);
# `--only store`: just the state store's rows (a first and a later run beside `--no-state`).
# `--only rules`: just the digest with 20 rules beside the digest without, and `rules test`.
# `--only habits`: just the figures tests no longer assert (deep nesting refused, the bytes an item holds).
ONLY = (sys.argv[sys.argv.index("--only") + 1:] or [None])[0] if "--only" in sys.argv else None
TRIBUTARY, BENCH = os.path.join(BIN, "tributary"), os.path.join(BIN, "tributary-bench")
SHARED_GENERATOR = os.path.join("..", "shared", "bench", "gen_feeds.py")
WORK = tempfile.mkdtemp(prefix="tributary-perf.")
os.environ["XDG_STATE_HOME"] = os.path.join(WORK, "state")
os.environ["XDG_CACHE_HOME"] = os.path.join(WORK, "cache")
TABLE = Table()
RUNS = 1 if QUICK else 5


def digest(config, *flags, output="json"):
    return [TRIBUTARY, "digest", "--config", config, "--limit", "0", "--format", output, "--no-cache", "-q", *flags]


def counted(out, expect_items):
    items = len(json.load(open(out))["items"])
    return "ok" if items == expect_items else f"COUNT MISMATCH {items} != {expect_items}"


def file_config(name, path):
    config = os.path.join(WORK, f"parse-{name}.json")
    json.dump({"limit": 0, "sources": [{"id": "big", "type": "feed", "url": "file://" + path}]}, open(config, "w"))
    return config
