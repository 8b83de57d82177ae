"""The state store's rows: a first and a later run on a fresh store (which writes the archive),
beside `--no-state`; the archive's size per item; `search` over a 500,000-item archive; the
store on the benchmark's disk and, where the machine has one, on a tmpfs (`/dev/shm`), which
shows how much of the store's cost is the disk's `fsync` rather than the store's work."""
import json, os, shutil, sqlite3, tempfile
from perf_context import QUICK, RUNS, TABLE, TRIBUTARY, WORK, counted, digest, file_config
from perf_files import own_file
from perf_measure import best, median, timed
from perf_network import feeds_config, serve

MEMORY = "/dev/shm"


def with_store(label, config, items, runs):
    """`--no-state`, then a first run on a fresh store and a later run on that store, in turn,
    on each place; each round's ratio to its own `--no-state` run."""
    out = os.path.join(WORK, "digest.json")
    places = {"disk": WORK, "tmpfs": MEMORY} if os.access(MEMORY, os.W_OK) else {"disk": WORK}
    plain, first, later = [], {place: [] for place in places}, {place: [] for place in places}
    for _ in range(runs):
        plain.append(timed(WORK, digest(config, "--no-state"), stdout=out))
        for place, parent in places.items():
            root = tempfile.mkdtemp(prefix="tributary-store.", dir=parent)
            env = dict(os.environ, XDG_STATE_HOME=root)
            first[place].append(timed(WORK, digest(config), stdout=out, env=env))
            later[place].append(timed(WORK, digest(config), stdout=out, env=env))
            shutil.rmtree(root)

    def each(measured):
        ratios = [run.wall / base.wall for run, base in zip(measured, plain)]
        return f"median {median(ratios):.2f}x; each run: " + ", ".join(f"{ratio:.2f}" for ratio in ratios)
    TABLE.add(f"tributary {label}, --no-state", best(plain), 0, items)
    for place in places:
        TABLE.add(f"tributary {label}, store on {place}: first run", best(first[place]), 0, items, best(plain),
                  f"{counted(out, items)}; {each(first[place])}")
        TABLE.add(f"tributary {label}, store on {place}: later run", best(later[place]), 0, items, best(plain),
                  each(later[place]))


def store_rows(rss, big):
    """The state store's rows: `rss` (`big` items) and 500 feeds of 50 items over loopback."""
    label = ("shared " if rss.endswith("large.rss") else "") + f"rss {big:,} items"
    with_store(label, file_config(os.path.basename(rss), rss), big, 1 if QUICK else 5)
    archive_size(label, file_config(os.path.basename(rss), rss), big)
    search_rows(20_000 if QUICK else 100_000)
    server, base = serve(latency=50, items=50)
    try:
        with_store("500 feeds x 50", feeds_config(500, base)[0], 500 * 50, 1 if QUICK else 5)
    finally:
        server.terminate()


ARCHIVE_TABLES = ("entry", "entrySearch", "entry_by_lastSeen", "sqlite_autoindex_entry_1")


def archive_bytes(store):
    """The pages of the archive's table, its indexes and its FTS5 index, in bytes (SQLite's `dbstat`)."""
    with sqlite3.connect(store) as db:
        return sum(size for name, size in db.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name")
                   if name.startswith(ARCHIVE_TABLES))


def item_text(out):
    """The UTF-8 bytes of the text the digest shows of its items (title, summary, URLs, author, tags)."""
    fields = ("title", "summary", "url", "author", "thumbnail", "image")
    total = 0
    for item in json.load(open(out))["items"]:
        total += sum(len((item.get(field) or "").encode()) for field in fields)
        total += sum(len(tag.encode()) + 1 for tag in item.get("tags") or [])
    return total


def archive_size(label, config, items):
    """The archive's size per item after a first run, beside the UTF-8 text of those items."""
    out = os.path.join(WORK, "archive.json")
    root = tempfile.mkdtemp(prefix="tributary-archive.", dir=WORK)
    run = timed(WORK, digest(config), stdout=out, env=dict(os.environ, XDG_STATE_HOME=root))
    size = archive_bytes(os.path.join(root, "tributary", "state.sqlite"))
    text = item_text(out)
    TABLE.add(f"tributary {label}, archive size", run, 0, items,
              note=f"{size / items:.0f} B an item, {size / max(text, 1):.2f}x the items' text ({text / items:.0f} B)")
    shutil.rmtree(root)


def distinct_items(path, index):
    """The generated file at `path` with its items' links and guids made its own (`bench{index}`):
    the generator gives every file the same items, which the digest keeps once (an archive of
    100,004 entries, not 500,000)."""
    data = open(path, "rb").read()
    data = data.replace(b"/bench/posts/", f"/bench{index}/posts/".encode()).replace(b">bench-", f">bench{index}-".encode())
    open(path, "wb").write(data)
    return path


def search_rows(per_file, files=5):
    """`search` over an archive of `files` first runs of different generated files (one config,
    `archiveLimit` 0): the first 50 matches of a one-word query and of a phrase, best of RUNS."""
    paths = [distinct_items(own_file("rss", per_file + index), index) for index in range(files)]
    config = os.path.join(WORK, "search.json")
    json.dump({"limit": 0, "archiveLimit": 0,
               "sources": [{"id": f"big{i}", "type": "feed", "url": "file://" + path} for i, path in enumerate(paths)]},
              open(config, "w"))
    out = os.path.join(WORK, "search-first.json")
    timed(WORK, digest(config), stdout=out)
    words = [word for word in json.load(open(out))["items"][0]["title"].split() if word.isalpha()]
    queries = {"one word": words[0], "phrase": '"' + " ".join(words[:2]) + '"'}
    for name, query in queries.items():
        command = [TRIBUTARY, "search", query, "--config", config, "--limit", "50", "--format", "json"]
        runs = [timed(WORK, command, stdout=os.devnull) for _ in range(RUNS)]
        TABLE.add(f"tributary search, {name} ({query}), {files * per_file:,}-item archive", best(runs), 0, 50)
