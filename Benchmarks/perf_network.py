"""The rows of many feeds served from 127.0.0.1 with 50 ms of latency, beside `curl --parallel`."""
import json, os, subprocess, time
from perf_context import BENCH, QUICK, TABLE, WORK, counted
from perf_files import side_by_side


def serve(latency, items):
    """The benchmark's feed server; returns it and its base URL. Each server writes its URL to
    a fresh file: one left by an earlier server would name a port nobody listens on."""
    url_file = os.path.join(WORK, "url")
    if os.path.exists(url_file):
        os.remove(url_file)
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
    return ours.wall


def many_feeds():
    """50, 500 and 5,000 feeds of 50 items served from 127.0.0.1 with 50 ms of latency."""
    server, base = serve(latency=50, items=50)
    feeds = {}
    try:
        for count in ([50, 500] if QUICK else [50, 500, 5000]):
            feeds[count] = many_sources(count, base, 50, 1 if QUICK else (3 if count > 500 else 5))
    finally:
        server.terminate()
    return feeds
