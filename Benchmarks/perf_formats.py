"""The output-format rows: `--format text` and `--format markdown` of one large file, in turn
with `--format json` of the same file, so each ratio compares formats in the same moments."""
import os, re
from perf_context import RUNS, TABLE, WORK, counted, digest, file_config
from perf_measure import best, timed

# How the text digest numbers each item at the start of its first line (a wrapped title's
# next line may start with a number too: only 1, 2, 3, … in turn are counted).
TEXT_NUMBER = re.compile(rb"^ *(\d+)  ", re.M)
# How the Markdown digest starts each item: a list entry in bold.
MARKDOWN_ITEM = re.compile(rb"^- \*\*", re.M)


def items_shown(out, fmt, items):
    if fmt == "json":
        return counted(out, items)
    data = open(out, "rb").read()
    if fmt == "markdown":
        shown = len(MARKDOWN_ITEM.findall(data))
    else:
        shown = 0
        for number in TEXT_NUMBER.findall(data):
            shown += int(number) == shown + 1
    return "ok" if shown == items else f"COUNT MISMATCH {shown} != {items}"


def output_formats(label, path, items):
    """Text and Markdown beside the JSON digest of `path`: best wall time, and the ratios of wall
    time and of peak memory to the JSON digest's (the issue's target: 1.2x of each)."""
    config = file_config(os.path.basename(path), path)
    runs = {"json": [], "text": [], "markdown": []}
    checks = {}
    for _ in range(RUNS):
        for fmt in runs:
            out = os.path.join(WORK, f"digest.{fmt}")
            runs[fmt].append(timed(WORK, digest(config, "--no-state", output=fmt), stdout=out))
            checks[fmt] = items_shown(out, fmt, items)
    baseline = best(runs["json"])
    TABLE.add(f"tributary {label}, --format json", baseline, 0, items, note=checks["json"])
    for fmt in ("text", "markdown"):
        ours = best(runs[fmt])
        ratios = [run.wall / base.wall for run, base in zip(runs[fmt], runs["json"])]
        TABLE.add(f"tributary {label}, --format {fmt}", ours, 0, items, baseline,
                  f"{checks[fmt]}; ratios {min(ratios):.2f}-{max(ratios):.2f}x; "
                  f"peak {ours.rss / baseline.rss:.2f}x the JSON digest's")
