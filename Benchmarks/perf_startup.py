"""The start-up rows: the offline demo and `validate`, in turn with `sfeed_plain`."""
import os, subprocess
from perf_context import TABLE, TRIBUTARY, WORK
from perf_measure import Measured, median, quick_run


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
