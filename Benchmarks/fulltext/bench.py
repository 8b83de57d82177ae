"""Scores full-text extractors side by side on a corpus of pages with hand-made answers.

Each case is a folder holding source.html (the page) and expected.html (the article as a
person marked it; Mozilla Readability's test pages have this shape). The expected text is
expected.html's text; each extractor's output is reduced to text the same way. Scores are
bag-of-words token precision, recall and F1 (lower-cased \\w+ tokens, counted with
multiplicity), as article-extraction benchmarks compute them; an empty output scores 0.

Run by run.sh, inside the venv it makes (trafilatura, readability-lxml, lxml).
"""

import argparse
import collections
import json
import os
import re
import statistics
import subprocess
import sys
import time

import lxml.html
import readability
import trafilatura

TOKEN = re.compile(r"\w+", re.UNICODE)
PAGE_URL = "http://fakehost/test/page.html"  # the address Readability's tests give every page


def tokens(text):
    return collections.Counter(TOKEN.findall(text.lower()))


def html_text(html):
    if not html or not html.strip():
        return ""
    root = lxml.html.fromstring(html)
    for junk in root.xpath("//script|//style"):
        junk.drop_tree()
    return root.text_content()


def score(predicted, expected):
    got, want = tokens(predicted), tokens(expected)
    overlap = sum((got & want).values())
    if not got or not want or not overlap:
        return 0.0, 0.0, 0.0
    precision = overlap / sum(got.values())
    recall = overlap / sum(want.values())
    return precision, recall, 2 * precision * recall / (precision + recall)


def run_tributary(binary, path, html):
    """The article's text (JSON `text`): the body, as the others give it, without the
    title, byline and date lines that `--format text` puts first."""
    started = time.perf_counter()
    done = subprocess.run(
        [binary, "extract", path, "--url", PAGE_URL, "--format", "json"], capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    return (json.loads(done.stdout)["text"] if done.returncode == 0 else ""), elapsed


def run_trafilatura(binary, path, html):
    started = time.perf_counter()
    text = trafilatura.extract(html, url=PAGE_URL, include_comments=False, include_tables=True) or ""
    return text, time.perf_counter() - started


def run_readability(binary, path, html):
    started = time.perf_counter()
    try:
        summary = readability.Document(html).summary(html_partial=True)
    except Exception:  # readability-lxml raises on pages it cannot parse
        summary = ""
    elapsed = time.perf_counter() - started
    return html_text(summary), elapsed


EXTRACTORS = [("tributary extract", run_tributary), ("trafilatura", run_trafilatura),
              ("readability-lxml", run_readability)]


def measure_process(command):
    """Wall time (s) and peak resident memory (MB) of one run of command."""
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    return time.perf_counter() - started, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def synthetic_page(path, size):
    """An article page of about size bytes: a header, a sidebar, and paragraphs."""
    paragraph = ("<p>The river authority said on Tuesday that the new weir, finished three weeks ahead of schedule, "
                 "had lowered the flood risk for four hundred homes, and that <a href='/levels'>hourly levels</a> "
                 "would be published from next month.</p>\n")
    head = "<html><head><title>Weir</title></head><body><nav><a href='/'>Home</a></nav><div class='post'>"
    with open(path, "w") as file:
        file.write(head + paragraph * (size // len(paragraph)) + "</div></body></html>")


def speed_checks(binary, scratch):
    print("\nsize checks (tributary extract, best of 5 runs, whole process):")
    for label, size in [("1 MB synthetic page", 1 << 20), ("20 MB synthetic page", 20 << 20)]:
        path = os.path.join(scratch, "synthetic-%d.html" % size)
        synthetic_page(path, size)
        runs = [measure_process([binary, "extract", path, "--format", "text"]) for _ in range(5)]
        best = min(runs)
        print("  %-22s %8.1f ms  peak memory %6.1f MB  exit %d" % (label, 1000 * best[0], max(r[1] for r in runs),
                                                                   best[2]))
    empty = os.path.join(scratch, "empty.html")
    with open(empty, "w") as file:
        file.write("<p>x</p>")
    start = min(measure_process([binary, "extract", empty]) for _ in range(5))
    print("  %-22s %8.1f ms  (process start, no article)" % ("tiny page", 1000 * start[0]))


def cases(corpus):
    for name in sorted(os.listdir(corpus)):
        source = os.path.join(corpus, name, "source.html")
        expected = os.path.join(corpus, name, "expected.html")
        if os.path.exists(source) and os.path.exists(expected):
            yield name, source, expected


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("corpus")
    parser.add_argument("binary")
    parser.add_argument("--per-page", action="store_true", help="print each page's F1 too")
    parser.add_argument("--no-size-checks", action="store_true", help="skip the 1 MB and 20 MB pages")
    parser.add_argument("--scratch", default="/tmp", help="where the synthetic pages are written")
    args = parser.parse_args()
    results = {name: [] for name, _ in EXTRACTORS}
    pages = list(cases(args.corpus))
    for case, source, expected in pages:
        with open(source, encoding="utf-8", errors="replace") as file:
            html = file.read()
        with open(expected, encoding="utf-8", errors="replace") as file:
            truth = html_text(file.read())
        row = []
        for name, run in EXTRACTORS:
            text, elapsed = run(args.binary, source, html)
            results[name].append(score(text, truth) + (elapsed,))
            row.append("%.2f" % results[name][-1][2])
        if args.per_page:
            print("%-45s %s" % (case, "  ".join(row)), file=sys.stderr)
    print("%d pages from %s\n" % (len(pages), args.corpus))
    print("%-20s %9s %7s %7s %11s %11s" % ("extractor", "precision", "recall", "F1", "ms/page", "median ms"))
    for name, _ in EXTRACTORS:
        rows = results[name]
        mean = lambda column: statistics.fmean(r[column] for r in rows)
        print("%-20s %9.3f %7.3f %7.3f %11.1f %11.1f" % (
            name, mean(0), mean(1), mean(2), 1000 * mean(3), 1000 * statistics.median(r[3] for r in rows)))
    print("\ntributary's time is the whole process (start, read, extract, print);"
          " the others' is the extract call in this Python process.")
    if not args.no_size_checks:
        speed_checks(args.binary, args.scratch)


if __name__ == "__main__":
    main()
