"""The Google Reader API of `serve --sync-user` on a release build: a client syncing 10,000
unread items in pages of 1,000 (`stream/contents` with `xt=…/read` and `c`), and `unread-count`
over a 100,000-item archive. Usage: python3 Benchmarks/perf_greader.py .build/release
(`tributary`, `tributary-serve` and `tributary-bench` built there)."""
import json, os, socket, statistics, subprocess, sys, tempfile, time, urllib.parse, urllib.request

BIN = sys.argv[1]
WORK = tempfile.mkdtemp(prefix="tributary-greader.")
PASSWORD = "bench password"
READING_LIST = "user/-/state/com.google/reading-list"


def archive(items):
    """A config over a generated RSS file of `items` items, and a store that has archived them all."""
    feed = os.path.join(WORK, f"feed-{items}.rss")
    subprocess.run([os.path.join(BIN, "tributary-bench"), "generate", "--items", str(items), "--out", feed],
                   check=True, stdout=subprocess.DEVNULL)
    config = os.path.join(WORK, f"feeds-{items}.json")
    json.dump({"limit": 0, "archiveLimit": 0, "sources": [
        {"id": "big", "type": "feed", "tags": ["bench"], "url": "file://" + feed}]}, open(config, "w"))
    state = os.path.join(WORK, f"state-{items}.sqlite")
    subprocess.run([os.path.join(BIN, "tributary"), "digest", "--config", config, "--state", state, "--no-cache",
                    "--format", "json"], check=True, stdout=subprocess.DEVNULL)
    return config, state


def serve(config, state):
    """`serve` on a free port; returns the process and its base address once it listens."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(
        [os.path.join(BIN, "tributary"), "serve", "--config", config, "--state", state, "--no-cache",
         "--port", str(port), "--sync-user", "bench"],
        env=dict(os.environ, TRIBUTARY_SYNC_PASSWORD=PASSWORD), stderr=subprocess.PIPE, text=True)
    for line in process.stderr:
        if "serving" in line:
            return process, f"http://127.0.0.1:{port}"
    raise RuntimeError("serve did not start")


def sign_in(base):
    form = urllib.parse.urlencode({"Email": "bench", "Passwd": PASSWORD}).encode()
    text = urllib.request.urlopen(base + "/accounts/ClientLogin", data=form).read().decode()
    auth = next(line[5:] for line in text.splitlines() if line.startswith("Auth="))
    return {"Authorization": "GoogleLogin auth=" + auth}


def get(base, path, headers):
    return urllib.request.urlopen(urllib.request.Request(base + path, headers=headers)).read()


def sync_unread(base, headers):
    """Every unread item, 1,000 a page, following continuations: (seconds, pages, items, distinct ids)."""
    ids, pages, continuation = [], 0, None
    start = time.perf_counter()
    while True:
        path = f"/reader/api/0/stream/contents/{READING_LIST}?xt=user/-/state/com.google/read&n=1000"
        page = json.loads(get(base, path + (f"&c={continuation}" if continuation else ""), headers))
        ids += [item["id"] for item in page["items"]]
        pages += 1
        continuation = page.get("continuation")
        if not continuation:
            return time.perf_counter() - start, pages, len(ids), len(set(ids))


def unread_count(base, headers, runs=30):
    """`unread-count`'s wall time per request, best and median of `runs`, in ms."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        counts = json.loads(get(base, "/reader/api/0/unread-count?output=json", headers))
        times.append((time.perf_counter() - start) * 1000)
    return min(times), statistics.median(times), counts["max"]


for items, measure in [(10_000, "sync"), (100_000, "count")]:
    config, state = archive(items)
    process, base = serve(config, state)
    try:
        headers = sign_in(base)
        if measure == "sync":
            for _ in range(3):
                seconds, pages, got, distinct = sync_unread(base, headers)
                print(f"sync {items:,} unread in pages of 1,000: {seconds:.3f} s, {pages} pages, {got} items, {distinct} distinct")
        else:
            best, median, total = unread_count(base, headers)
            print(f"unread-count over a {items:,}-item archive ({total:,} unread): best {best:.2f} ms, median {median:.2f} ms")
    finally:
        process.terminate()
        process.wait()
