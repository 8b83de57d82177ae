"""The state store's rows: a first and a later run on a fresh store, beside `--no-state`."""
import os
from perf_context import QUICK, TABLE, WORK, counted, digest, file_config
from perf_measure import best, timed
from perf_network import feeds_config, serve


def with_store(label, config, items, runs):
    """`--no-state`, a first run on a fresh store and a later run on that store, in turn; each
    round's ratio to its own `--no-state` run."""
    out = os.path.join(WORK, "digest.json")
    plain, first, later = [], [], []
    for index in range(runs):
        env = dict(os.environ, XDG_STATE_HOME=os.path.join(WORK, f"store-{label}-{index}"))
        plain.append(timed(WORK, digest(config, "--no-state"), stdout=out))
        first.append(timed(WORK, digest(config), stdout=out, env=env))
        later.append(timed(WORK, digest(config), stdout=out, env=env))

    def each(measured):
        return "each run: " + ", ".join(f"{run.wall / base.wall:.2f}" for run, base in zip(measured, plain))
    TABLE.add(f"tributary {label}, --no-state", best(plain), 0, items)
    TABLE.add(f"tributary {label}, store: first run", best(first), 0, items, best(plain),
              f"{counted(out, items)}; {each(first)}")
    TABLE.add(f"tributary {label}, store: later run", best(later), 0, items, best(plain), each(later))


def store_rows(rss, big):
    """The state store's rows: `rss` (`big` items) and 500 feeds of 50 items over loopback."""
    label = ("shared " if rss.endswith("large.rss") else "") + f"rss {big:,} items"
    with_store(label, file_config(os.path.basename(rss), rss), big, 1 if QUICK else 5)
    server, base = serve(latency=50, items=50)
    try:
        with_store("500 feeds x 50", feeds_config(500, base)[0], 500 * 50, 1 if QUICK else 5)
    finally:
        server.terminate()
