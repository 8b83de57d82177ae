"""Figures that were once test assertions of speed or memory, now measured here beside their
targets: feeds.json's nesting refused in milliseconds, and the bytes a run's items hold."""
import os, subprocess
from perf_context import BIN, TABLE, TRIBUTARY, WORK
from perf_measure import quick_run


def deep_nesting():
    """`validate` of a feeds.json with 20 arrays nested 509 deep: refused at 256 levels in
    milliseconds (the quadratic decoder it replaced took 8 s). Median of 5 runs."""
    nested = "[" * 509 + "]" * 509
    config = os.path.join(WORK, "deep.json")
    with open(config, "w") as file:
        file.write('{"x": [' + ",".join([nested] * 20) + '], "sources": []}')
    runs = [quick_run([TRIBUTARY, "validate", "--config", config]) for _ in range(5)]
    TABLE.add_text("tributary validate, 20 arrays 509 deep", runs, "median of 5; target < 1 s")


def item_memory():
    """What `tributary-live-bench --item-memory` prints: the bytes a loose and a packed item hold."""
    bench = os.path.join(BIN, "tributary-live-bench")
    if not os.path.exists(bench):
        return print(f"note: {bench} is missing: no item memory figures", flush=True)
    out = subprocess.run([bench, "--item-memory"], capture_output=True, text=True, check=True).stdout
    print(out, end="", flush=True)
