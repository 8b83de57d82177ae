#!/bin/sh
# Full-text extraction benchmark: tributary extract, trafilatura and readability-lxml on
# the same pages in one run; prints mean token precision, recall, F1 and time per page.
#
#   Benchmarks/fulltext/run.sh [CORPUS] [--per-page]
#
# CORPUS is a folder of cases, each a folder with source.html and expected.html; by
# default Mozilla Readability's test pages (Apache-2.0), cloned once into
# .build/fulltext/readability. The venv (trafilatura, readability-lxml) is made once in
# .build/fulltext/venv; the release build is made when .build/release/tributary is missing.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
work="$root/.build/fulltext"
mkdir -p "$work"
corpus="$work/readability/test/test-pages"
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then corpus=$1; shift; fi
if [ ! -d "$corpus" ]; then
    git clone --quiet --depth 1 https://github.com/mozilla/readability "$work/readability"
fi
if [ ! -x "$work/venv/bin/python" ]; then
    python3 -m venv "$work/venv"
    "$work/venv/bin/pip" install --quiet --upgrade pip  # pip 23 fails to resolve lxml[html-clean]
    "$work/venv/bin/pip" install --quiet trafilatura readability-lxml lxml_html_clean
fi
binary="$root/.build/release/tributary"
if [ ! -x "$binary" ]; then
    (cd "$root" && TRIBUTARY_WARNINGS_AS_ERRORS=1 swift build -c release --product tributary)
fi
exec "$work/venv/bin/python" "$root/Benchmarks/fulltext/bench.py" "$corpus" "$binary" --scratch "$work" "$@"
