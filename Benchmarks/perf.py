"""Runs the performance benchmark described in Benchmarks/perf.sh and prints a table."""
import json, os, re, shutil, subprocess, sys, tempfile, time

BIN = sys.argv[1]
QUICK = "--quick" in sys.argv
TRIBUTARY, BENCH = os.path.join(BIN, "tributary"), os.path.join(BIN, "tributary-bench")
WORK = tempfile.mkdtemp(prefix="tributary-perf.")
ROWS = []


def timed(command, stdin=None, stdout=os.devnull):
    """Wall seconds and peak RSS (MB) of a command, measured by /usr/bin/time -v."""
    report = os.path.join(WORK, "time.txt")
    started = time.monotonic()
    with open(stdin or os.devnull, "rb") as source, open(stdout, "wb") as sink:
        subprocess.run(["/usr/bin/time", "-v", "-o", report] + command, stdin=source, stdout=sink, stderr=subprocess.DEVNULL, check=False)
    wall = time.monotonic() - started
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", open(report).read()).group(1)) / 1024
    return wall, rss


def side_by_side(runs, reference, reference_kwargs, config):
    """The reference tool and Tributary run in turn, `runs` times each, so that a busy
    moment on a shared machine falls on both alike; best wall time and peak memory of each."""
    out = os.path.join(WORK, "digest.json")
    command = [TRIBUTARY, "digest", "--config", config, "--limit", "0", "--format", "json", "--no-cache", "-q"]
    references, ours = [], []
    for _ in range(runs):
        if reference:
            references.append(timed(reference, **reference_kwargs))
        ours.append(timed(command, stdout=out))
    best = lambda results: (min(r[0] for r in results), max(r[1] for r in results)) if results else None
    return best(references), best(ours), out


def counted(out, expect_items):
    items = len(json.load(open(out))["items"])
    return "ok" if items == expect_items else f"COUNT MISMATCH {items} != {expect_items}"


def row(name, wall, rss, megabytes, items, reference=None, note=""):
    ratio = f"{wall / reference:.2f}x" if reference else ""
    ROWS.append((name, f"{wall:.3f}", f"{items / wall:,.0f}" if items else "", f"{megabytes / wall:.1f}" if megabytes else "", f"{rss:.0f}", ratio, note))


def parse_benchmark(fmt, items):
    path = os.path.join(WORK, f"big-{items}.{fmt}")
    subprocess.run([BENCH, "generate", "--format", fmt, "--items", str(items), "--out", path], check=True, stdout=subprocess.DEVNULL)
    size = os.path.getsize(path) / 1e6
    config = os.path.join(WORK, f"parse-{fmt}-{items}.json")
    json.dump({"limit": 0, "sources": [{"id": "big", "type": "feed", "url": "file://" + path}]}, open(config, "w"))
    reference = ["sfeed"] if shutil.which("sfeed") else None
    sfeed, (wall, rss), out = side_by_side(1 if QUICK else 5, reference, {"stdin": path}, config)
    if sfeed:
        row(f"sfeed {fmt} {items:,} items", sfeed[0], sfeed[1], size, items)
    row(f"tributary {fmt} {items:,} items", wall, rss, size, items, sfeed and sfeed[0], f"{counted(out, items)}; peak {rss / size:.1f}x file size")
    return wall


def report_benchmark(fmt, items):
    """`tributary report` on the file parse_benchmark generated, in turn with `digest --format json`
    on the same file, so the ratio compares the two commands in the same moments."""
    config = os.path.join(WORK, f"parse-{fmt}-{items}.json")
    html, out = os.path.join(WORK, "report.html"), os.path.join(WORK, "digest.json")
    digest = [TRIBUTARY, "digest", "--config", config, "--limit", "0", "--format", "json", "--no-cache", "-q"]
    report = [TRIBUTARY, "report", "--config", config, "--limit", "0", "--out", html, "--no-cache", "-q"]
    digests, reports = [], []
    for _ in range(1 if QUICK else 5):
        digests.append(timed(digest, stdout=out))
        reports.append(timed(report))
    json_wall, report_wall = min(r[0] for r in digests), min(r[0] for r in reports)
    entries = open(html, encoding="utf-8").read().count('<li class="entry"')
    note = "ok" if entries == items else f"COUNT MISMATCH {entries} != {items}"
    megabytes = os.path.getsize(html) / 1e6
    row(f"tributary report {fmt} {items:,} items", report_wall, max(r[1] for r in reports), 0, items, json_wall,
        f"{note}; {megabytes:.0f} MB page; ratio to digest --format json ({json_wall:.3f} s)")


def serve(latency, items):
    url_file = os.path.join(WORK, "url")
    if os.path.exists(url_file):
        os.remove(url_file)
    server = subprocess.Popen([BENCH, "serve", "--latency", str(latency), "--items", str(items), "--url-file", url_file, "--lifetime", "900"], stdout=subprocess.DEVNULL)
    for _ in range(200):
        if os.path.exists(url_file) and os.path.getsize(url_file):
            break
        time.sleep(0.05)
    return server, open(url_file).read().strip()


def many_sources(count, base, per_feed):
    urls = [f"{base}/rss/feed{index}" for index in range(count)]
    config = os.path.join(WORK, f"many-{count}.json")
    json.dump({"limit": 0, "maxConnections": 32, "maxConnectionsPerHost": 32, "timeout": 60,
               "sources": [{"id": f"f{index}", "type": "feed", "url": url} for index, url in enumerate(urls)]}, open(config, "w"))
    reference = None
    if shutil.which("curl"):
        curl_config = os.path.join(WORK, f"curl-{count}.txt")
        with open(curl_config, "w") as out:
            for url in urls:
                out.write(f'url = "{url}"\noutput = "/dev/null"\n')
        reference = ["curl", "--silent", "--parallel", "--parallel-max", "32", "--config", curl_config]
    curl, (wall, rss), out = side_by_side(1 if QUICK else 3, reference, {}, config)
    if curl:
        row(f"curl --parallel {count} feeds", curl[0], curl[1], 0, count * per_feed)
    row(f"tributary {count} feeds x {per_feed}", wall, rss, 0, count * per_feed, curl and curl[0], counted(out, count * per_feed))
    return wall


def startup():
    runs = 20
    started = time.monotonic()
    for _ in range(runs):
        subprocess.run([TRIBUTARY, "validate", "--config", "feeds.json"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = (time.monotonic() - started) / runs
    ROWS.append(("tributary validate feeds.json", f"{wall * 1000:.1f} ms", "", "", "", "", "mean of 20 runs; target < 50 ms"))


def main():
    big = 20_000 if QUICK else 100_000
    scale = {}
    for items in ([1_000, 10_000] if QUICK else [1_000, 10_000, 100_000]):
        scale[items] = parse_benchmark("rss", items)
    parse_benchmark("atom", big)
    report_benchmark("rss", big)
    server, base = serve(latency=50, items=50)
    feeds = {}
    try:
        for count in ([50, 500] if QUICK else [50, 500, 5000]):
            feeds[count] = many_sources(count, base, 50)
    finally:
        server.terminate()
    startup()
    widths = [max(len(str(r[i])) for r in ROWS + [HEADER]) for i in range(len(HEADER))]
    for line in [HEADER] + ROWS:
        print("  ".join(str(cell).ljust(width) for cell, width in zip(line, widths)))
    print()
    keys = sorted(scale)
    print("scaling, items: " + ", ".join(f"{a:,}->{b:,} x{b // a}: time x{scale[b] / scale[a]:.1f}" for a, b in zip(keys, keys[1:])))
    keys = sorted(feeds)
    print("scaling, feeds: " + ", ".join(f"{a}->{b} x{b // a}: time x{feeds[b] / feeds[a]:.1f}" for a, b in zip(keys, keys[1:])))
    shutil.rmtree(WORK, ignore_errors=True)


HEADER = ("case", "wall (s)", "items/s", "MB/s", "peak MB", "ratio", "notes")
main()
