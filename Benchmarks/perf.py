"""Runs the performance benchmark described in Benchmarks/perf.sh and prints a table."""
import json, os, shutil, subprocess, sys, tempfile, time
from perf_measure import Measured, Table, best, machine, median, quick_run, timed

BIN = sys.argv[1]
QUICK = "--quick" in sys.argv
# `--only many`: just the feeds served over loopback (50/500/5,000), for work on the HTTP engine and merging;
# `--only startup`: just the start-up rows (the offline demo and `validate` beside `sfeed_plain`).
ONLY = (sys.argv[sys.argv.index("--only") + 1:] or [None])[0] if "--only" in sys.argv else None
ONLY_MANY = ONLY == "many"
TRIBUTARY, BENCH = os.path.join(BIN, "tributary"), os.path.join(BIN, "tributary-bench")
SHARED_GENERATOR = os.path.join("..", "shared", "bench", "gen_feeds.py")
WORK = tempfile.mkdtemp(prefix="tributary-perf.")
# Every run's state store and cache live in WORK: the benchmark never writes the user's own.
os.environ["XDG_STATE_HOME"] = os.path.join(WORK, "state")
os.environ["XDG_CACHE_HOME"] = os.path.join(WORK, "cache")
TABLE = Table()
RUNS = 1 if QUICK else 5


def digest(config, *flags):
    return [TRIBUTARY, "digest", "--config", config, "--limit", "0", "--format", "json", "--no-cache", "-q", *flags]


def side_by_side(runs, reference, reference_kwargs, config):
    """The reference tool and Tributary (without a store) run in turn, `runs` times each, so
    that a busy moment on a shared machine falls on both alike; the best of each, and every ratio."""
    out = os.path.join(WORK, "digest.json")
    references, ours = [], []
    for _ in range(runs):
        if reference:
            references.append(timed(WORK, reference, **reference_kwargs))
        ours.append(timed(WORK, digest(config, "--no-state"), stdout=out))
    ratios = [o.wall / r.wall for o, r in zip(ours, references)]
    return (best(references) if references else None), best(ours), out, ratios


def counted(out, expect_items):
    items = len(json.load(open(out))["items"])
    return "ok" if items == expect_items else f"COUNT MISMATCH {items} != {expect_items}"


def file_config(name, path):
    config = os.path.join(WORK, f"parse-{name}.json")
    json.dump({"limit": 0, "sources": [{"id": "big", "type": "feed", "url": "file://" + path}]}, open(config, "w"))
    return config


def parse_file(label, path, items):
    """One file to a JSON digest, beside sfeed on the same file; returns Tributary's best wall time."""
    size = os.path.getsize(path) / 1e6
    config = file_config(os.path.basename(path), path)
    reference = ["sfeed"] if shutil.which("sfeed") else None
    sfeed, ours, out, ratios = side_by_side(RUNS, reference, {"stdin": path}, config)
    if sfeed:
        TABLE.add(f"sfeed {label}", sfeed, size, items)
    spread = f"ratios {min(ratios):.2f}-{max(ratios):.2f}x; " if ratios else ""
    TABLE.add(f"tributary {label}", ours, size, items, sfeed,
              f"{spread}{counted(out, items)}; peak {ours.rss / size:.1f}x the {size:.0f} MB file")
    return ours.wall


def libxml2_alone(label, path):
    """libxml2 reading the file and doing nothing else (xmllint's streaming reader), for the
    share of the parse that is the XML parser's own."""
    if shutil.which("xmllint"):
        run = best([timed(WORK, ["xmllint", "--stream", "--noout", path]) for _ in range(3)])
        TABLE.add(f"xmllint --stream {label}", run, os.path.getsize(path) / 1e6, 0, note="libxml2 alone")


def own_file(fmt, items):
    path = os.path.join(WORK, f"big-{items}.{fmt}")
    subprocess.run([BENCH, "generate", "--format", fmt, "--items", str(items), "--out", path], check=True,
                   stdout=subprocess.DEVNULL)
    return path


def generate_shared(*large):
    """Runs the shared generator into WORK/shared with one 50-item feed and `large`'s arguments;
    returns the folder."""
    out = os.path.join(WORK, "shared")
    subprocess.run([sys.executable, SHARED_GENERATOR, "--out", out, *large, "--small-feeds", "1",
                    "--small-items", "50"], check=True, stdout=subprocess.DEVNULL)
    return out


def shared_files(items):
    """The shared generator's large RSS and Atom files and one 50-item feed, generated into WORK."""
    out = generate_shared("--large-items", str(items))
    return os.path.join(out, "large.rss"), os.path.join(out, "large.atom"), os.path.join(out, "feeds", "0.xml")


def small_file():
    """The 50-item feed `sfeed_plain` reads beside the start-up rows: the shared generator's, else our own."""
    if not os.path.exists(SHARED_GENERATOR):
        return own_file("rss", 50)
    return os.path.join(generate_shared("--skip-large"), "feeds", "0.xml")


def report_benchmark(path, items):
    """`tributary report` on a file, in turn with `digest --format json` on the same file, so the
    ratio compares the two commands in the same moments."""
    config = file_config(os.path.basename(path), path)
    html, out = os.path.join(WORK, "report.html"), os.path.join(WORK, "digest.json")
    report = [TRIBUTARY, "report", "--config", config, "--limit", "0", "--out", html, "--no-cache", "-q", "--no-state"]
    digests, reports = [], []
    for _ in range(RUNS):
        digests.append(timed(WORK, digest(config, "--no-state"), stdout=out))
        reports.append(timed(WORK, report))
    entries = open(html, encoding="utf-8").read().count('<li class="entry"')
    note = "ok" if entries == items else f"COUNT MISMATCH {entries} != {items}"
    megabytes = os.path.getsize(html) / 1e6
    TABLE.add(f"tributary report rss {items:,} items", best(reports), 0, items, best(digests),
              f"{note}; {megabytes:.0f} MB page; ratio to digest --format json")


def with_store(label, config, items, runs):
    """`--no-state`, a first run on a fresh store and a later run on that store, in turn."""
    out = os.path.join(WORK, "digest.json")
    plain, first, later = [], [], []
    for index in range(runs):
        env = dict(os.environ, XDG_STATE_HOME=os.path.join(WORK, f"store-{label}-{index}"))
        plain.append(timed(WORK, digest(config, "--no-state"), stdout=out))
        first.append(timed(WORK, digest(config), stdout=out, env=env))
        later.append(timed(WORK, digest(config), stdout=out, env=env))
    TABLE.add(f"tributary {label}, --no-state", best(plain), 0, items)
    TABLE.add(f"tributary {label}, store: first run", best(first), 0, items, best(plain), counted(out, items))
    TABLE.add(f"tributary {label}, store: later run", best(later), 0, items, best(plain), "ratio to --no-state")


def serve(latency, items):
    url_file = os.path.join(WORK, "url")
    server = subprocess.Popen([BENCH, "serve", "--latency", str(latency), "--items", str(items), "--url-file", url_file,
                               "--lifetime", "1800"], stdout=subprocess.DEVNULL)
    for _ in range(200):
        if os.path.exists(url_file) and os.path.getsize(url_file):
            break
        time.sleep(0.05)
    return server, open(url_file).read().strip()


def feeds_config(count, base):
    config = os.path.join(WORK, f"many-{count}.json")
    sources = [{"id": f"f{index}", "type": "feed", "url": f"{base}/rss/feed{index}"} for index in range(count)]
    json.dump({"limit": 0, "maxConnections": 32, "maxConnectionsPerHost": 32, "timeout": 60, "sources": sources},
              open(config, "w"))
    curl_config = os.path.join(WORK, f"curl-{count}.txt")
    with open(curl_config, "w") as out:
        for source in sources:
            out.write(f'url = "{source["url"]}"\noutput = "/dev/null"\n')
    return config, ["curl", "--silent", "--parallel", "--parallel-max", "32", "--config", curl_config]


def many_sources(count, base, per_feed, runs):
    config, reference = feeds_config(count, base)
    curl, ours, out, ratios = side_by_side(runs, reference, {}, config)
    TABLE.add(f"curl --parallel {count} feeds", curl, 0, count * per_feed)
    each = ", ".join(f"{ratio:.2f}" for ratio in ratios)
    TABLE.add(f"tributary {count} feeds x {per_feed}", ours, 0, count * per_feed, curl,
              f"{counted(out, count * per_feed)}; each run: {each}")
    return ours.wall, config


def startup(small_feed):
    """Medians of 20 runs (wall and CPU time) of the README's offline demo and of `validate`,
    in turn with `sfeed_plain` reading a 50-item feed sfeed made, all in the same moments."""
    small_tsv = os.path.join(WORK, "small.tsv")
    with open(small_feed, "rb") as source, open(small_tsv, "wb") as sink:
        subprocess.run(["sfeed"], stdin=source, stdout=sink, check=True)
    demo, validate, plain = [], [], []
    for _ in range(20):
        plain.append(quick_run(["sfeed_plain"], stdin=small_tsv))
        demo.append(quick_run([TRIBUTARY, "digest", "--replay", "Recordings"]))
        validate.append(quick_run([TRIBUTARY, "validate"]))
    reference = Measured(median([r.wall for r in plain]), median([r.cpu for r in plain]), 0)
    TABLE.add_text("sfeed_plain < 50-item file", plain, "median of 20 runs")
    TABLE.add_text("tributary digest --replay Recordings", demo, "median of 20; target < 25 ms", reference)
    TABLE.add_text("tributary validate", validate, "median of 20; target < 15 ms", reference)


def scaling(name, times):
    keys = sorted(times)
    steps = ", ".join(f"{a:,}->{b:,} (x{b // a}): time x{times[b] / times[a]:.1f}" for a, b in zip(keys, keys[1:]))
    print(f"scaling, {name}: {steps}")


def many_feeds():
    """50, 500 and 5,000 feeds of 50 items served from 127.0.0.1 with 50 ms of latency."""
    server, base = serve(latency=50, items=50)
    feeds, config = {}, None
    try:
        for count in ([50, 500] if QUICK else [50, 500, 5000]):
            feeds[count], config = many_sources(count, base, 50, 1 if QUICK else (3 if count > 500 else 5))
            if count == 500 and not ONLY_MANY:
                with_store("500 feeds x 50", config, count * 50, 1 if QUICK else 3)
    finally:
        server.terminate()
    return feeds


def main():
    """The machine, then the rows `--only` names, or every row."""
    print(machine(), flush=True)
    if ONLY_MANY:
        feeds = many_feeds()
        TABLE.print()
        scaling("feeds", feeds)
    elif ONLY == "startup":
        startup(small_file())
        TABLE.print()
    else:
        everything()
    shutil.rmtree(WORK, ignore_errors=True)


def everything():
    """Every row; those the issues' targets name come first, as a run on a busy machine is long."""
    big = 20_000 if QUICK else 100_000
    if os.path.exists(SHARED_GENERATOR):
        shared_rss, shared_atom, small_feed = shared_files(big)
        parse_file(f"shared rss {big:,} items", shared_rss, big)
        parse_file(f"shared atom {big:,} items", shared_atom, big)
        libxml2_alone("shared rss", shared_rss)
        libxml2_alone("shared atom", shared_atom)
    else:
        print(f"note: {SHARED_GENERATOR} is missing: the rows of its files are left out", flush=True)
        shared_rss, small_feed = own_file("rss", big), own_file("rss", 50)
    startup(small_feed)
    label = ("shared " if shared_rss.endswith("large.rss") else "") + f"rss {big:,} items"
    with_store(label, file_config(os.path.basename(shared_rss), shared_rss), big, 1 if QUICK else 3)
    feeds = many_feeds()
    items = {count: parse_file(f"rss {count:,} items", own_file("rss", count), count)
             for count in ([1_000, 10_000] if QUICK else [1_000, 10_000, 100_000])}
    parse_file(f"atom {big:,} items", own_file("atom", big), big)
    report_benchmark(own_file("rss", big), big)
    TABLE.print()
    scaling("items", items)
    scaling("feeds", feeds)

main()
