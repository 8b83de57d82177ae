"""The state store's rows: a first and a later run on a fresh store, beside `--no-state`; the
store on the benchmark's disk and, where the machine has one, on a tmpfs (`/dev/shm`), which
shows how much of the store's cost is the disk's `fsync` rather than the store's work."""
import os, shutil, tempfile
from perf_context import QUICK, TABLE, WORK, counted, digest, file_config
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
    server, base = serve(latency=50, items=50)
    try:
        with_store("500 feeds x 50", feeds_config(500, base)[0], 500 * 50, 1 if QUICK else 5)
    finally:
        server.terminate()
