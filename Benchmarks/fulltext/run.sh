#!/bin/sh
# Full-text extraction benchmark: tributary extract, trafilatura and readability-lxml on
# the same pages in one run; prints mean token precision, recall, F1 and time per page.
#
#   Benchmarks/fulltext/run.sh [CORPUS] [--per-page] [--no-size-checks]
#
# CORPUS is either a folder of cases (each a folder with source.html and expected.html) or
# a git directory of Mozilla Readability (a clone, or a bare mirror) whose test/test-pages
# are unpacked once into .build/fulltext/readability. Without CORPUS: the pages unpacked
# before, else the git directory $READABILITY_GIT, else a clone of
# https://github.com/mozilla/readability (needs the network). The venv (trafilatura,
# readability-lxml) is made once in .build/fulltext/venv (needs PyPI). The binary is
# $TRIBUTARY_BINARY, else .build/release/tributary, built when missing.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
work="$root/.build/fulltext"
mkdir -p "$work"
unpacked="$work/readability/test/test-pages"

# Unpacks test/test-pages of the Readability git directory $1 into $work/readability.
unpack() {
    rm -rf "$work/readability.partial"
    mkdir -p "$work/readability.partial"
    git --git-dir="$1" archive HEAD test/test-pages | tar -x -C "$work/readability.partial"
    rm -rf "$work/readability"
    mv "$work/readability.partial" "$work/readability"
    echo "corpus: test/test-pages of $1 at $(git --git-dir="$1" rev-parse --short HEAD)" >&2
}

corpus=""
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then corpus=$1; shift; fi
if [ -n "$corpus" ] && [ ! -d "$corpus" ]; then
    echo "run.sh: $corpus is not a folder; give a folder of CASE/source.html + CASE/expected.html" \
        "or a git directory of github.com/mozilla/readability" >&2
    exit 2
fi
if [ -n "$corpus" ] && git --git-dir="$corpus" rev-parse --verify --quiet HEAD:test/test-pages >/dev/null 2>&1; then
    unpack "$corpus"
    corpus=$unpacked
elif [ -n "$corpus" ] && git --git-dir="$corpus/.git" rev-parse --verify --quiet HEAD:test/test-pages >/dev/null 2>&1; then
    unpack "$corpus/.git"
    corpus=$unpacked
elif [ -z "$corpus" ] && [ -d "$unpacked" ]; then
    corpus=$unpacked
elif [ -z "$corpus" ] && [ -n "${READABILITY_GIT:-}" ]; then
    unpack "$READABILITY_GIT"
    corpus=$unpacked
elif [ -z "$corpus" ]; then
    if ! git clone --quiet --depth 1 https://github.com/mozilla/readability "$work/readability.clone"; then
        echo "run.sh: no corpus. Without the network, give one of:" >&2
        echo "  Benchmarks/fulltext/run.sh FOLDER       (cases: FOLDER/CASE/source.html + expected.html)" >&2
        echo "  Benchmarks/fulltext/run.sh GIT-DIR      (a clone or bare mirror of mozilla/readability)" >&2
        echo "  READABILITY_GIT=GIT-DIR Benchmarks/fulltext/run.sh" >&2
        exit 2
    fi
    unpack "$work/readability.clone/.git"
    rm -rf "$work/readability.clone"
    corpus=$unpacked
fi

if [ ! -x "$work/venv/bin/python" ]; then
    python3 -m venv "$work/venv"
    "$work/venv/bin/pip" install --quiet --upgrade pip  # pip 23 fails to resolve lxml[html-clean]
    "$work/venv/bin/pip" install --quiet trafilatura readability-lxml lxml_html_clean
fi
binary=${TRIBUTARY_BINARY:-"$root/.build/release/tributary"}
if [ ! -x "$binary" ]; then
    (cd "$root" && TRIBUTARY_WARNINGS_AS_ERRORS=1 swift build -c release --product tributary)
fi
exec "$work/venv/bin/python" "$root/Benchmarks/fulltext/bench.py" "$corpus" "$binary" --scratch "$work" "$@"
