"""The parsing rows: one large file to a JSON digest beside sfeed and libxml2 alone, the
generators' files, and the HTML report beside the JSON digest."""
import os, shutil, subprocess, sys
from perf_context import BENCH, RUNS, SHARED_GENERATOR, TABLE, TRIBUTARY, WORK, counted, digest, file_config
from perf_measure import best, timed


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
