"""The team's method (`../shared/bench/README.md`), so that these figures and theirs are the
same figures: the state store on, as a user runs it (each command in a fresh HOME of its own,
so run 1 is a first run and runs 2-4 later ones), four runs interleaved with the reference,
the median of runs 2-4 of each, the ratio of the medians; `--no-state` as a second row in the
same rounds. The 500 feeds come from the team's `feedserver.py`, the files from `gen_feeds.py`."""
import json, os, shutil, socket, subprocess, sys, tempfile
from perf_context import SHARED_GENERATOR, TABLE, TRIBUTARY, WORK, counted, file_config
from perf_measure import Measured, median, timed

SHARED = os.path.dirname(SHARED_GENERATOR)
ROUNDS = 4


def fresh_home():
    """An environment whose HOME is a new folder and whose XDG folders are its defaults."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("XDG_")}
    env["HOME"] = tempfile.mkdtemp(prefix="home.", dir=WORK)
    return env


def command(config, *flags, output="json"):
    """The method's command: `digest --config … --format json --limit 0 -q`, nothing else."""
    return [TRIBUTARY, "digest", "--config", config, "--format", output, "--limit", "0", "-q", *flags]


def rounds(contenders):
    """Runs each contender (name, argv, keyword arguments for `timed`) once a round, in turn,
    for ROUNDS rounds; returns each one's runs by name."""
    runs = {name: [] for name, _, _ in contenders}
    for _ in range(ROUNDS):
        for name, argv, kwargs in contenders:
            runs[name].append(timed(WORK, argv, **kwargs))
    return runs


def settled(runs):
    """Runs 2-4: the median wall and CPU time, and the largest peak memory."""
    later = runs[1:]
    return Measured(median([r.wall for r in later]), median([r.cpu for r in later]), max(r.rss for r in later))


def spread(runs, reference):
    """The ratios of runs 2-4 to the reference's runs in the same rounds, lowest-highest."""
    ratios = [ours.wall / theirs.wall for ours, theirs in zip(runs[1:], reference[1:])]
    return f"runs 2-4 {min(ratios):.2f}-{max(ratios):.2f}x; first run {runs[0].wall / reference[0].wall:.2f}x"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def feed_server(folder):
    """The team's feed server over `folder`, 50 ms added to every response; returns it and its base URL."""
    port = free_port()
    server = subprocess.Popen([sys.executable, os.path.join(SHARED, "feedserver.py"), "--dir", folder, "--port",
                               str(port), "--latency-ms", "50"], stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    if not line.startswith("READY"):
        server.terminate()
        raise RuntimeError(f"feedserver.py did not start: {line!r}")
    return server, f"http://127.0.0.1:{port}"


def five_hundred_feeds(folder):
    """500 feeds × 50 items from the team's server, beside `curl --parallel` fetching them."""
    server, base = feed_server(os.path.join(folder, "feeds"))
    try:
        urls = [f"{base}/feed/{index}.xml" for index in range(500)]
        config = os.path.join(WORK, "shared-500.json")
        json.dump({"maxConnections": 32, "maxConnectionsPerHost": 32, "limit": 0,
                   "sources": [{"id": f"f{i}", "type": "feed", "url": url} for i, url in enumerate(urls)]},
                  open(config, "w"))
        curl_config = os.path.join(WORK, "shared-urls.cfg")
        with open(curl_config, "w") as out:
            out.writelines(f'url = "{url}"\noutput = "/dev/null"\n' for url in urls)
        out = os.path.join(WORK, "shared-500.json.out")
        runs = rounds([("curl", ["curl", "-sf", "--parallel", "--parallel-max", "32", "-K", curl_config], {}),
                       ("store", command(config), {"env": fresh_home(), "stdout": out}),
                       ("no-state", command(config, "--no-state"), {"stdout": out})])
    finally:
        server.terminate()
    curl = settled(runs["curl"])
    TABLE.add("curl --parallel 500 feeds (shared server)", curl, 0, 25_000)
    for name in ("store", "no-state"):
        TABLE.add(f"tributary 500 feeds x 50, {'the store on' if name == 'store' else '--no-state'}",
                  settled(runs[name]), 0, 25_000, curl, f"{spread(runs[name], runs['curl'])}; {counted(out, 25_000)}")


def parse(path, items):
    """The 100,000-item RSS file to a JSON digest, beside `sfeed` reading it; peak memory to the file's size."""
    megabytes = os.path.getsize(path) / 1e6
    config = file_config("shared", path)
    out = os.path.join(WORK, "shared-parse.out")
    runs = rounds([("sfeed", ["sfeed"], {"stdin": path}),
                   ("store", command(config), {"env": fresh_home(), "stdout": out}),
                   ("no-state", command(config, "--no-state"), {"stdout": out})])
    sfeed = settled(runs["sfeed"])
    TABLE.add(f"sfeed rss {items:,} items", sfeed, megabytes, items)
    for name in ("store", "no-state"):
        ours = settled(runs[name])
        TABLE.add(f"tributary rss {items:,} items, {'the store on' if name == 'store' else '--no-state'}", ours,
                  megabytes, items, sfeed, f"{spread(runs[name], runs['sfeed'])}; peak {ours.rss / megabytes:.2f}x "
                  f"the {megabytes:.0f} MB file; {counted(out, items)}")


def outputs(path, items):
    """The same items as JSON, text and the HTML report, each with the store on in a HOME of
    its own; ratios to JSON."""
    config = file_config("shared", path)
    html = os.path.join(WORK, "shared-report.html")
    report = [TRIBUTARY, "report", "--config", config, "--limit", "0", "--out", html, "-q"]
    runs = rounds([("json", command(config), {"env": fresh_home()}),
                   ("text", command(config, output="text"), {"env": fresh_home()}),
                   ("report", report, {"env": fresh_home()})])
    entries = open(html, encoding="utf-8").read().count('<li class="entry"')
    json_run = settled(runs["json"])
    TABLE.add(f"tributary json rss {items:,} items, the store on", json_run, 0, items)
    TABLE.add(f"tributary text rss {items:,} items, the store on", settled(runs["text"]), 0, items, json_run,
              f"{spread(runs['text'], runs['json'])}; ratio to JSON")
    TABLE.add(f"tributary report rss {items:,} items, the store on", settled(runs["report"]), 0, items, json_run,
              f"{spread(runs['report'], runs['json'])}; ratio to JSON; "
              + ("ok" if entries == items else f"COUNT MISMATCH {entries} != {items}"))


def shared_method():
    """Every row of the team's method, on files the team's generator writes into WORK."""
    if not os.path.exists(SHARED_GENERATOR):
        print(f"the team's method needs {SHARED_GENERATOR}; its rows are skipped", file=sys.stderr)
        return
    folder = os.path.join(WORK, "shared-method")
    subprocess.run([sys.executable, SHARED_GENERATOR, "--out", folder], check=True, stdout=subprocess.DEVNULL)
    five_hundred_feeds(folder)
    if shutil.which("sfeed"):
        parse(os.path.join(folder, "large.rss"), 100_000)
    outputs(os.path.join(folder, "large.rss"), 100_000)
