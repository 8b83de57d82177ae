"""Runs the performance benchmark described in Benchmarks/perf.sh and prints a table."""
import os, shutil
from perf_context import ONLY, QUICK, SHARED_GENERATOR, TABLE, WORK
from perf_files import libxml2_alone, own_file, parse_file, report_benchmark, shared_files, small_file
from perf_formats import output_formats
from perf_habits import deep_nesting, item_memory
from perf_measure import machine
from perf_network import many_feeds
from perf_rules import rules_rows
from perf_shared import shared_method
from perf_startup import startup
from perf_store import store_rows


def scaling(name, times):
    keys = sorted(times)
    steps = ", ".join(f"{a:,}->{b:,} (x{b // a}): time x{times[b] / times[a]:.1f}" for a, b in zip(keys, keys[1:]))
    print(f"scaling, {name}: {steps}")


def main():
    """The machine, then the rows `--only` names, or every row."""
    print(machine(), flush=True)
    if ONLY == "many":
        feeds = many_feeds()
        TABLE.print()
        scaling("feeds", feeds)
    elif ONLY == "startup":
        startup(small_file())
        TABLE.print()
    elif ONLY == "store":
        store_rows(*large_rss())
        TABLE.print()
    elif ONLY == "habits":
        deep_nesting()
        TABLE.print()
        item_memory()
    elif ONLY == "formats":
        rss, big = large_rss()
        output_formats(f"shared rss {big:,} items", rss, big)
        TABLE.print()
    elif ONLY == "shared":
        shared_method()
        TABLE.print()
    elif ONLY == "rules":
        rss, big = large_rss()
        rules_rows(f"shared rss {big:,} items", rss, big)
        TABLE.print()
    else:
        everything()
    shutil.rmtree(WORK, ignore_errors=True)


def large_rss():
    """The large RSS file the store rows read, and its item count: the shared generator's, else our own."""
    big = 20_000 if QUICK else 100_000
    return (shared_files(big)[0] if os.path.exists(SHARED_GENERATOR) else own_file("rss", big)), big


def everything():
    """Every row; those the issues' targets name come first, as a run on a busy machine is long."""
    big = 20_000 if QUICK else 100_000
    if not QUICK:
        shared_method()
    if os.path.exists(SHARED_GENERATOR):
        shared_rss, shared_atom, small_feed = shared_files(big)
        parse_file(f"shared rss {big:,} items", shared_rss, big)
        parse_file(f"shared atom {big:,} items", shared_atom, big)
        libxml2_alone("shared rss", shared_rss)
        libxml2_alone("shared atom", shared_atom)
    else:
        print(f"note: {SHARED_GENERATOR} is missing: the rows of its files are left out", flush=True)
        shared_rss, small_feed = own_file("rss", big), own_file("rss", 50)
    startup(small_feed)
    store_rows(shared_rss, big)
    feeds = many_feeds()
    items = {count: parse_file(f"rss {count:,} items", own_file("rss", count), count)
             for count in ([1_000, 10_000] if QUICK else [1_000, 10_000, 100_000])}
    parse_file(f"atom {big:,} items", own_file("atom", big), big)
    report_benchmark(own_file("rss", big), big)
    output_formats(f"{'shared ' if os.path.exists(SHARED_GENERATOR) else ''}rss {big:,} items", shared_rss, big)
    rules_rows(f"{'shared ' if os.path.exists(SHARED_GENERATOR) else ''}rss {big:,} items", shared_rss, big)
    deep_nesting()
    TABLE.print()
    item_memory()
    scaling("items", items)
    scaling("feeds", feeds)

main()
